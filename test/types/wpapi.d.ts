/**
 * The part of the `wpapi` client (1.2.x, no bundled types) the discovery test uses. Its route
 * handlers and path setters are made at run time from the routes the site's REST root lists,
 * so only the ones our namespace yields are declared here.
 */
declare module 'wpapi' {
  interface WPRequest {
    /** Sets the `(?P<id>\d+)` path part. */
    id(id: number | string): WPRequest;
    /** Sets the `by-slug/(?P<slug>[^/]+)` path parts. */
    bySlug(slug: string): WPRequest;
    /** Adds a query parameter. */
    param(name: string, value: string | number): WPRequest;
    /** GETs the URL; resolves with the parsed JSON body, rejects on a non-2xx answer. */
    get(): Promise<unknown>;
    toString(): string;
  }

  type WPNamespace = Record<string, (() => WPRequest) | undefined>;

  export default class WPAPI {
    /** HEADs the URL, follows its `rel="https://api.w.org/"` Link to the REST root and reads its routes. */
    static discover(url: string): Promise<WPAPI>;
    namespace(name: string): WPNamespace;
  }
}
