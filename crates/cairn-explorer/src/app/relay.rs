//! Blocking work on tokio's blocking pool whose progress reaches a caller's callback on the
//! caller's task: the work reports into a channel, the caller forwards each report as it
//! comes (a Tauri `Channel` need not be `'static` or cross threads).

use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

use super::error::AppError;
use cairn_files::progress::{OnProgress, Progress};

/// Where blocking work sends its progress.
pub(crate) type Reports = UnboundedSender<Progress>;

/// Runs `work` on the blocking pool, forwarding the progress it sends to `progress`.
pub(crate) async fn with_progress<T, F>(progress: OnProgress<'_>, work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(Reports) -> Result<T, AppError> + Send + 'static,
{
    let (sender, mut reports) = unbounded_channel();
    let work = cairn_store::cache::blocking(move || work(sender));
    tokio::pin!(work);
    loop {
        tokio::select! {
            biased;
            Some(report) = reports.recv() => progress(report),
            answer = &mut work => {
                while let Ok(report) = reports.try_recv() {
                    progress(report);
                }
                return answer;
            }
        }
    }
}

/// A progress callback that sends into `reports` (a closed receiver is ignored: the work
/// goes on).
pub(crate) fn sender(reports: &Reports) -> impl Fn(Progress) + Sync + '_ {
    move |report| drop(reports.send(report))
}
