//! Sign-in attempts, limited per account and per address over a sliding minute.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The attempts allowed per email address in [`WINDOW`].
pub const PER_ACCOUNT: usize = 5;
/// The attempts allowed per client address in [`WINDOW`].
pub const PER_ADDRESS: usize = 20;
pub const WINDOW: Duration = Duration::from_secs(60);

#[derive(Default)]
pub struct SignInLimits {
    attempts: Mutex<Attempts>,
}

#[derive(Default)]
struct Attempts {
    by_account: HashMap<String, Vec<Instant>>,
    by_address: HashMap<IpAddr, Vec<Instant>>,
}

impl SignInLimits {
    /// Counts an attempt; `false` when the account or the address is over its limit.
    pub fn allow(&self, email: &str, address: IpAddr) -> bool {
        let now = Instant::now();
        let Ok(mut attempts) = self.attempts.lock() else { return false };
        let recent = |times: &mut Vec<Instant>| times.retain(|at| now.duration_since(*at) < WINDOW);
        let account = attempts.by_account.entry(email.to_owned()).or_default();
        recent(account);
        let account_full = account.len() >= PER_ACCOUNT;
        account.push(now);
        let address_times = attempts.by_address.entry(address).or_default();
        recent(address_times);
        let address_full = address_times.len() >= PER_ADDRESS;
        address_times.push(now);
        // Forget idle entries now and then, so the maps stay small.
        if attempts.by_account.len() > 10_000 {
            attempts.by_account.retain(|_, times| times.last().is_some_and(|at| now.duration_since(*at) < WINDOW));
            attempts.by_address.retain(|_, times| times.last().is_some_and(|at| now.duration_since(*at) < WINDOW));
        }
        !account_full && !address_full
    }
}
