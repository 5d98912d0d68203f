//! A throwaway PostgreSQL server for `cargo xtask test --postgres`: Debian's packages installed
//! when missing, a fresh cluster in a temporary folder on a free loopback port, stopped and
//! removed when dropped.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::step::{cmd, output, run, step};

/// A running cluster; [`Cluster::url`] names its `postgres` database.
pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    /// Root may not run PostgreSQL: the server then runs as Debian's `postgres` user.
    as_postgres: bool,
}

impl Cluster {
    /// Installs PostgreSQL if needed, then creates and starts a cluster.
    pub fn start() -> Result<Cluster> {
        let mut id = cmd("id");
        id.arg("-u");
        let root = output(id).is_some_and(|uid| uid.trim() == "0");
        let bin = step("postgresql (Debian's packages)", || {
            if let Some(bin) = server_bin() {
                println!("    {}", bin.display());
                return Ok(bin);
            }
            if !root {
                bail!("PostgreSQL is missing; as root, run: apt-get update && apt-get install -y postgresql");
            }
            let mut update = cmd("apt-get");
            update.arg("update");
            run(update)?;
            let mut install = cmd("apt-get");
            install.env("DEBIAN_FRONTEND", "noninteractive").args(["install", "-y", "postgresql"]);
            run(install)?;
            server_bin().context("postgresql installed, yet no /usr/lib/postgresql/*/bin/postgres")
        })?;
        let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
        let dir = std::env::temp_dir().join(format!("bridge-training-pg-{}-{port}", std::process::id()));
        let cluster = Cluster { bin, dir, port, as_postgres: root };
        step(&format!("start a PostgreSQL cluster on 127.0.0.1:{port}"), || cluster.init_and_start())?;
        Ok(cluster)
    }

    fn init_and_start(&self) -> Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        if self.as_postgres {
            let mut chown = cmd("chown");
            chown.args(["postgres:postgres"]).arg(&self.dir);
            run(chown)?;
        }
        let data = self.dir.join("data");
        let mut initdb = self.tool("initdb");
        initdb.arg("-D").arg(&data).args(["-A", "trust", "-U", "bridge", "--no-sync"]);
        run(initdb)?;
        let mut start = self.tool("pg_ctl");
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", self.port, self.dir.display());
        start.arg("-D").arg(&data).args(["-o", &options, "-l"]).arg(self.dir.join("log")).args(["-w", "start"]);
        run(start)
    }

    /// A command running the cluster's `tool` (as `postgres` when run by root).
    fn tool(&self, tool: &str) -> Command {
        let program = self.bin.join(tool);
        if self.as_postgres {
            let mut res = cmd("runuser");
            res.args(["-u", "postgres", "--"]).arg(program);
            res
        } else {
            cmd(program)
        }
    }

    /// The URL of the cluster's `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://bridge@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let mut stop = self.tool("pg_ctl");
        stop.arg("-D").arg(self.dir.join("data")).args(["-m", "immediate", "stop"]);
        // Nothing more to do if it fails: the folder goes anyway, and the server with the session.
        let _ = stop.output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The newest installed server's `bin` folder (Debian keeps it off the PATH).
fn server_bin() -> Option<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| entry.ok().map(|entry| entry.path().join("bin")))
        .filter(|bin| Path::new(&bin.join("postgres")).exists())
        .collect();
    versions.sort();
    versions.pop()
}
