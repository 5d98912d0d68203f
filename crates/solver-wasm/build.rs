//! A deep double-dummy search recurses once per card played (up to 52
//! plies): give the worker and the wasm tests an 8 MiB stack instead of
//! wasm-ld's default of 1 MiB, whose overflow corrupts memory silently.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bins=-zstack-size=8388608");
        println!("cargo:rustc-link-arg-tests=-zstack-size=8388608");
    }
}
