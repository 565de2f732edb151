//! The roster inspector on the state-scale demo (about 100,000 users, 4,000 classes and
//! 390,000 enrollments) written into a fresh cache as a sync writes it: each command timed
//! `CAIRN_BENCH_RUNS` times (default 7), the median printed with its target. The first
//! opening of the classes table reads every class's row from SQLite (the cold figure); later
//! ones sort and filter the rows kept in memory.
//!
//! `cargo bench -p cairn-explorer --bench roster` (`CAIRN_BENCH_SCALE=district` for less).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;

#[path = "support/bench_app.rs"]
mod bench_app;
#[path = "../tests/it/roster_support.rs"]
mod roster_support;

use std::time::{Duration, Instant};

use bench_app::{median, ms, new_app};
use cairn_explorer::app::{ClassColumn, ClassQuery, ClassSort, RosterScope};
use cairn_sandbox::demo::Scale;
use cairn_spec::Collection;

/// On the first run, each step's time as it ends (a slow step shows before the table).
fn progress(run: usize, step: &str, took: Duration) {
    if run == 1 {
        eprintln!("  {step}: {} ms", ms(took));
    }
}

fn main() {
    let runs: usize = std::env::var("CAIRN_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let scale = match std::env::var("CAIRN_BENCH_SCALE").as_deref() {
        Ok("district") => Scale::District,
        Ok("small") => Scale::Small,
        _ => Scale::State,
    };
    let dir = tempfile::tempdir().unwrap();
    let begun = Instant::now();
    let records = roster_support::demo_records(scale);
    eprintln!("demo generated in {:.1} s", begun.elapsed().as_secs_f64());
    let count = |c: Collection| records.get(&c).map_or(0, Vec::len);
    let (users, classes, enrollments) =
        (count(Collection::Users), count(Collection::Classes), count(Collection::Enrollments));
    let started = Instant::now();
    roster_support::write_cache(&dir.path().join("cache.sqlite"), "State", &records, true);
    let written = started.elapsed();
    eprintln!("cache written in {:.1} s", written.as_secs_f64());
    // Search words: the start of family names, as typed one letter more each time.
    let families: Vec<String> = records[&Collection::Users]
        .iter()
        .step_by(997)
        .filter_map(|u| u["familyName"].as_str().map(str::to_owned))
        .take(12)
        .collect();
    drop(records);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let conn = || "State".to_owned();
    let (mut cold, mut warm, mut sort, mut class_page, mut user_page, mut keystroke, mut checks, mut level) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    let mut first_class = String::new();
    for run in 1..=runs {
        eprintln!("run {run} of {runs}");
        // A new app each run: nothing kept in memory.
        let app = new_app(dir.path());
        runtime.block_on(async {
            let t = Instant::now();
            let table = app.roster_classes(conn(), ClassQuery::default()).await.unwrap();
            cold.push(t.elapsed());
            progress(run, "cold", t.elapsed());
            first_class = table.rows[table.rows.len() / 2].id.clone();
            let t = Instant::now();
            std::hint::black_box(app.roster_classes(conn(), ClassQuery::default()).await.unwrap());
            warm.push(t.elapsed());
            progress(run, "warm", t.elapsed());
            let t = Instant::now();
            let query = ClassQuery {
                sort: Some(ClassSort { column: ClassColumn::Teachers, descending: true }),
                ..ClassQuery::default()
            };
            std::hint::black_box(app.roster_classes(conn(), query).await.unwrap());
            sort.push(t.elapsed());
            progress(run, "sort", t.elapsed());
            let t = Instant::now();
            let page = app.roster_class(conn(), first_class.clone()).await.unwrap();
            class_page.push(t.elapsed());
            progress(run, "class_page", t.elapsed());
            let student = page.students[0].user.id.clone();
            let t = Instant::now();
            std::hint::black_box(app.roster_user(conn(), student).await.unwrap());
            user_page.push(t.elapsed());
            progress(run, "user_page", t.elapsed());
            for family in &families {
                for end in 1..=family.chars().count().min(6) {
                    let typed: String = family.chars().take(end).collect();
                    let t = Instant::now();
                    std::hint::black_box(app.roster_search_users(conn(), typed, 50).await.unwrap());
                    keystroke.push(t.elapsed());
                }
            }
            progress(run, "keystrokes (the last)", keystroke.last().copied().unwrap_or_default());
            let t = Instant::now();
            std::hint::black_box(app.roster_level(conn(), RosterScope::default()).await.unwrap());
            level.push(t.elapsed());
            progress(run, "level", t.elapsed());
            let t = Instant::now();
            std::hint::black_box(app.roster_checks(conn()).await.unwrap());
            checks.push(t.elapsed());
            progress(run, "checks", t.elapsed());
        });
    }
    let slowest = |xs: &[Duration]| ms(xs.iter().copied().max().unwrap_or_default());
    println!(
        "The roster inspector on the {scale} demo ({users} users, {classes} classes, {enrollments} enrollments; cache written in {:.1} s), median of {runs}:\n",
        written.as_secs_f64()
    );
    println!("| command | median ms | slowest ms | target |");
    println!("|---|---:|---:|---|");
    println!(
        "| open the classes table, first time (rows read from SQLite) | {} | {} | ≤ 300 ms |",
        ms(median(cold.clone())),
        slowest(&cold)
    );
    println!("| open it again (rows kept) | {} | {} | — |", ms(median(warm.clone())), slowest(&warm));
    println!("| sort it by a column (teachers) | {} | {} | ≤ 100 ms |", ms(median(sort.clone())), slowest(&sort));
    println!("| open a class page | {} | {} | ≤ 100 ms |", ms(median(class_page.clone())), slowest(&class_page));
    println!("| open a user page | {} | {} | — |", ms(median(user_page.clone())), slowest(&user_page));
    println!(
        "| search users, per keystroke ({} keystrokes a run) | {} | {} | ≤ 50 ms |",
        keystroke.len() / runs,
        ms(median(keystroke.clone())),
        slowest(&keystroke)
    );
    println!("| the navigation's top level with counts | {} | {} | — |", ms(median(level.clone())), slowest(&level));
    println!("| the data checks | {} | {} | ≤ 2 s |", ms(median(checks.clone())), slowest(&checks));
}
