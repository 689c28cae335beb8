/** The request variables TEC's context reads `event_display_mode` from, in order. */
const DISPLAY_MODE_VARS = ['view', 'tribe_view', 'tribe_event_display', 'eventDisplay'] as const;

/** WordPress's default `excerpt_length`. */
const WORDPRESS_EXCERPT_LENGTH = 55;

/** What Views V2 trims excerpts to while the list or day view is the display mode. */
const LIST_VIEW_EXCERPT_LENGTH = 30;

/**
 * The `excerpt_length` in effect for a request: TEC's Views V2 filters it
 * (Template\Excerpt::maybe_filter_excerpt_length) to 30 words while tribe_context()'s
 * `event_display_mode` is `list` or `day`, and that mode comes from the first of the request
 * variables `view`, `tribe_view`, `tribe_event_display`, `eventDisplay` that is present,
 * defaulting to `list`. So a REST request gets 30 unless it names another view (`?view=month`
 * gets WordPress's 55). Recorded: a generated JSON-LD description keeps 30 words.
 */
export function tecExcerptLength(requestVars: Readonly<Record<string, unknown>>): number {
  const present = DISPLAY_MODE_VARS.find((name) => requestVars[name] !== undefined);
  const mode = present === undefined ? 'list' : requestVars[present];
  return mode === 'list' || mode === 'day' ? LIST_VIEW_EXCERPT_LENGTH : WORDPRESS_EXCERPT_LENGTH;
}
