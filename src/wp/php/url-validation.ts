/*
 * PHP's FILTER_VALIDATE_URL (what the plugin's is_url validators use), ported.
 */

/** Characters FILTER_SANITIZE_URL keeps; FILTER_VALIDATE_URL refuses a value that has any other. */
const URL_CHARACTERS = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/;
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** Schemes PHP accepts without a host. */
const HOSTLESS_SCHEMES = ['mailto', 'news', 'file'];

/** _php_filter_validate_domain with FILTER_FLAG_HOSTNAME. */
function isValidHostname(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => label.length <= 63 && HOST_LABEL.test(label));
}

/**
 * PHP's `filter_var($url, FILTER_VALIDATE_URL)`: only URL characters; parse_url must find a
 * scheme; http(s) needs a valid host name (or a bracketed IPv6 address); other schemes need a
 * host except mailto:, news: and file:; user and password must be valid userinfo.
 */
export function isValidUrl(url: string): boolean {
  if (!URL_CHARACTERS.test(url)) return false;
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(url);
  if (!schemeMatch) return false;
  const scheme = schemeMatch[1] ?? '';
  const rest = schemeMatch[2] ?? '';
  const authority = parseAuthority(scheme, rest);
  if (authority === false) return false;
  const { host, userinfo } = authority;
  if (/^https?$/i.test(scheme)) {
    if (host === undefined) return false;
    const isIpv6 = /^\[[0-9A-Fa-f:.]+\]$/.test(host);
    if (!isIpv6 && !isValidHostname(host)) return false;
  }
  if (host === undefined && !HOSTLESS_SCHEMES.includes(scheme)) return false;
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
    const pass = colon === -1 ? undefined : userinfo.slice(colon + 1);
    if (!USERINFO.test(user) || (pass !== undefined && !USERINFO.test(pass))) return false;
  }
  return true;
}

/**
 * The host and userinfo parse_url finds after `scheme:`; undefined host when there is no `//`
 * authority (or for `file:///path`); false where parse_url fails (empty host, bad port).
 */
function parseAuthority(scheme: string, rest: string): { host?: string; userinfo?: string } | false {
  if (!rest.startsWith('//')) return {};
  if (/^file$/i.test(scheme) && rest.startsWith('///')) return {};
  const authority = rest.slice(2).split(/[/?#]/, 1)[0] ?? '';
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  const close = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
  const colon = hostPort.lastIndexOf(':');
  const portStart = colon > close ? colon : -1;
  const host = portStart === -1 ? hostPort : hostPort.slice(0, portStart);
  const port = portStart === -1 ? '' : hostPort.slice(portStart + 1);
  if (host === '') return false;
  if (port !== '' && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) return false;
  return { host, userinfo };
}
