// First import of the redirect pages (authenticate.html, reset.html): keeps the address the email
// link opened, then takes the link's token out of the address bar before any other module of the
// page runs. The token is a credential: it should not sit in the address bar, in screenshots or in
// the tab's history entry. (Referrer-Policy: no-referrer, sent by the server, keeps it out of the
// Referer of whatever the page loads.)

/** The page's address as the email link opened it, token included. */
export const landingUrl = window.location.href;

const url = new URL(landingUrl);
if (url.searchParams.has('token')) {
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  window.history.replaceState(null, '', url.href);
}
