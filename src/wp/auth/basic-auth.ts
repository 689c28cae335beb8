/** What PHP puts in $_SERVER['PHP_AUTH_USER'] and ['PHP_AUTH_PW']. */
export interface BasicCredentials {
  username: string;
  password: string;
}

/**
 * wp_populate_basic_auth_from_authorization_header: credentials from `Authorization: Basic ...`
 * when the header matches WordPress's pattern and the decoded text holds a colon (the user name
 * is everything before the first one). Undefined otherwise, as when PHP sets nothing.
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | undefined {
  if (header === undefined || !/^Basic [a-z\d/+]*={0,2}$/i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
