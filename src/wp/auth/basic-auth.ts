/** What PHP puts in $_SERVER['PHP_AUTH_USER'] and ['PHP_AUTH_PW']. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * wp_populate_basic_auth_from_authorization_header: credentials from `Authorization: Basic ...`
 * when the header matches WordPress's pattern and the decoded text holds a colon (the user name
 * is everything before the first one). Undefined otherwise, as when PHP sets nothing.
 *
 * An empty password counts as no credentials at all: the plugin's site answered `Basic Og==`
 * (":") and `Basic YWRtaW46` ("admin:") as it answers an anonymous request, where WordPress's own
 * code would have refused them with a 401 (invalid_username, incorrect_password). The server in
 * front of PHP never handed such credentials to WordPress. A name that is empty beside a password
 * was not recorded; it goes to WordPress's check (401 invalid_username).
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | undefined {
  if (header === undefined || !/^Basic [a-z\d/+]*={0,2}$/i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  const username = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (password === '') return undefined;
  return { username, password };
}
