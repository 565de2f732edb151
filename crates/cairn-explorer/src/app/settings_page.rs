//! The settings page's commands on [`App`]: the settings read and saved (a new scale for the
//! built-in sandbox stops it), and the cache emptied with the connections and settings kept.

use super::connections::sync_task;
use super::error::AppError;
use super::settings::AppSettings;
use super::{App, BUILTIN_CONNECTION};
use cairn_sync::connections;

impl App {
    /// The saved settings (the defaults until saved).
    pub async fn settings(&self) -> Result<AppSettings, AppError> {
        self.cache.read(AppSettings::load).await
    }

    /// Saves the settings (each value checked). A new scale for the built-in sandbox stops it
    /// (and its sync): its next sync starts it with the demo made anew at that scale.
    pub async fn settings_save(&self, settings: AppSettings) -> Result<(), AppError> {
        settings.check()?;
        let rescaled = self.settings().await?.sandbox_scale != settings.sandbox_scale;
        self.cache.write(move |tx| settings.save(tx)).await?;
        if rescaled {
            self.tasks.cancel(&sync_task(BUILTIN_CONNECTION));
            if let Some(sandbox) = self.builtin.lock().await.take() {
                log::info!("the built-in sandbox stops: its demo data is made anew at the new scale on its next sync");
                sandbox.stop().await;
            }
        }
        Ok(())
    }

    /// Empties the cache: every record, search entry, journal line and outbox row of every
    /// connection; the saved connections (and their secrets) and the settings stay; imports go.
    /// Unsent gradebook changes refuse it (code `unsent`, saying how many and to which
    /// connections; nothing emptied) unless `discard_unsent`.
    pub async fn reset_cache(&self, discard_unsent: bool) -> Result<(), AppError> {
        let names = self
            .cache
            .write(move |tx| {
                if !discard_unsent {
                    cairn_store::cache::refuse_unsent(tx, None)?;
                }
                let rows = cairn_store::cache::connections(tx)?;
                for row in &rows {
                    cairn_store::cache::remove_connection(tx, &row.name, connections::UnsentChanges::Discard)?;
                    if row.settings != cairn_store::cache::NO_SETTINGS {
                        cairn_store::cache::save_connection(tx, &row.name, &row.base_url, &row.settings)?;
                    }
                }
                Ok::<_, AppError>(rows.into_iter().map(|r| r.name).collect::<Vec<_>>())
            })
            .await?;
        // Emptied with its connections' records: their outbox too (only when discarding was asked).
        self.recount_unsent().await;
        log::info!("the cache was reset ({} connections emptied)", names.len());
        for name in names {
            self.changed(&name);
        }
        Ok(())
    }
}
