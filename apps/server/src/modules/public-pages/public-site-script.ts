/**
 * The public site's only script, for the homepage's address box: it hands the typed address to the listing
 * wizard's address step in this browser tab's session storage (the web app's lib/handed-address.ts reads and clears
 * it), so the address never travels in a URL, a server log or a Referer header. Without it the box still opens the
 * address step. Served from our origin (the CSP allows no inline script), deferred, a few hundred bytes.
 */
export const PUBLIC_SITE_SCRIPT_PATH = '/public-site.js';

/** The session-storage key the web app reads (lib/handed-address.ts HANDED_ADDRESS_STORAGE_KEY). */
export const HANDED_ADDRESS_STORAGE_KEY = 'listwise.handedAddress';

export const PUBLIC_SITE_SCRIPT = `"use strict";
document.querySelectorAll("form[data-hand-address]").forEach(function (form) {
  form.addEventListener("submit", function (event) {
    var input = form.querySelector("input");
    var address = input ? input.value.trim().slice(0, 300) : "";
    try {
      if (address) sessionStorage.setItem(${JSON.stringify(HANDED_ADDRESS_STORAGE_KEY)}, address);
      else sessionStorage.removeItem(${JSON.stringify(HANDED_ADDRESS_STORAGE_KEY)});
    } catch (e) {}
    // The step's own address, without the empty query a form's submission would add.
    event.preventDefault();
    location.assign(form.getAttribute("action"));
  });
});
`;
