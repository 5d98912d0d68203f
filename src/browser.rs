//! What the app takes from the browser: the clock, randomness, files in and out.

use training::{RandomSource, Timestamp};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The current time.
#[must_use]
pub fn now() -> Timestamp {
    // Milliseconds since the epoch are integers well inside f64's exact range.
    Timestamp(js_sys::Date::now() as i64)
}

/// Randomness from the browser's cryptographic generator (deal codes must not repeat).
pub struct BrowserRandom;

impl RandomSource for BrowserRandom {
    fn next_u64(&mut self) -> u64 {
        let mut bytes = [0u8; 8];
        let filled = web_sys::window()
            .and_then(|window| window.crypto().ok())
            .and_then(|crypto| crypto.get_random_values_with_u8_array(&mut bytes).ok())
            .is_some();
        if !filled {
            // No Web Crypto (very old browsers): Math.random still gives distinct codes in practice.
            for byte in &mut bytes {
                *byte = (js_sys::Math::random() * 256.0) as u8;
            }
        }
        u64::from_le_bytes(bytes)
    }
}

/// The bytes of a file the user picked.
///
/// # Errors
/// When the browser cannot read the file (removed or unreadable).
pub async fn read_file(file: &web_sys::File) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|error| format!("{error:?}"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Offers `text` as a file named `name` to download.
///
/// # Errors
/// When the browser refuses to build the file or the link.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |error: wasm_bindgen::JsValue| format!("{error:?}");
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = web_sys::window().and_then(|window| window.document()).ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a").map_err(fail)?.unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    web_sys::Url::revoke_object_url(&url).map_err(fail)?;
    Ok(())
}

/// Scrolls the page so that the first element matching `selector` starts at
/// the top of the screen; nothing when there is none.
pub fn scroll_to_top_of(selector: &str) {
    let element = web_sys::window()
        .and_then(|window| window.document())
        .and_then(|document| document.query_selector(selector).ok().flatten());
    if let Some(element) = element {
        element.scroll_into_view_with_bool(true);
    }
}

/// The event `static/sw-register.js` sends when a new build waits to take over.
const UPDATE_EVENT: &str = "bridge-training-update";

/// Calls `hook` whenever a new version of the app is installed and waiting;
/// the returned function stops listening.
pub fn on_update_ready(hook: impl Fn() + 'static) -> impl FnOnce() {
    let window = web_sys::window();
    let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(hook);
    if let Some(window) = &window {
        // Without a window there is no service worker either: nothing to listen to.
        let _ = window.add_event_listener_with_callback(UPDATE_EVENT, listener.as_ref().unchecked_ref());
    }
    move || {
        if let Some(window) = window {
            let _ = window.remove_event_listener_with_callback(UPDATE_EVENT, listener.as_ref().unchecked_ref());
        }
    }
}

/// Lets the waiting version take over; the page then reloads itself.
pub fn apply_update() {
    let Some(window) = web_sys::window() else { return };
    let update = js_sys::Reflect::get(&window, &"bridgeTrainingUpdate".into()).ok();
    if let Some(update) = update.and_then(|value| value.dyn_into::<js_sys::Function>().ok()) {
        let _ = update.call0(&window);
    }
}
