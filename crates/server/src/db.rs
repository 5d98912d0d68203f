//! The database: SQLite in the data directory by default, PostgreSQL when
//! configured, migrated at start with the same migrations.

use std::str::FromStr;

use anyhow::Context;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::AnyPool;

use crate::Config;

/// Opens the database of `config` and applies the migrations.
pub async fn connect(config: &Config) -> anyhow::Result<AnyPool> {
    sqlx::any::install_default_drivers();
    let url = match &config.database_url {
        Some(url) => url.clone(),
        None => {
            std::fs::create_dir_all(&config.data_dir)
                .with_context(|| format!("cannot create the data directory {}", config.data_dir.display()))?;
            let file = config.data_dir.join("bridge-training.sqlite");
            format!("sqlite://{}?mode=rwc", file.display())
        }
    };
    let sqlite = url.starts_with("sqlite:");
    let options = AnyConnectOptions::from_str(&url).context("DATABASE_URL is not a database URL")?;
    let pool = AnyPoolOptions::new()
        // SQLite has one writer: a small pool avoids lock contention.
        .max_connections(if sqlite { 4 } else { 16 })
        .after_connect(move |connection, _| {
            Box::pin(async move {
                if sqlite {
                    use sqlx::Executor;
                    connection.execute("PRAGMA journal_mode = WAL").await?;
                    connection.execute("PRAGMA busy_timeout = 5000").await?;
                    connection.execute("PRAGMA foreign_keys = ON").await?;
                }
                Ok(())
            })
        })
        .connect_with(options)
        .await
        .context("cannot open the database")?;
    sqlx::migrate!("./migrations").run(&pool).await.context("cannot migrate the database")?;
    Ok(pool)
}
