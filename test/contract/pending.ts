/**
 * The one list of recorded cases that wait for another open issue, case id -> the issue and why.
 * A listed case still runs and must still differ from the recording, so an entry cannot outlive
 * the gap it names; the suites fail when a listed case starts to match.
 *
 * Issue 8 builds content rendering and search as WordPress does them: block rendering
 * (do_blocks, dynamic blocks), shortcodes ([caption], [gallery], [embed], [audio], [video]),
 * oEmbed, the image attributes wp_filter_content_tags adds (loading, decoding, srcset, sizes),
 * and generated excerpts.
 */
export const PENDING_ON_OTHER_ISSUES: Readonly<Record<string, string>> = {
  // Older cases whose answer now holds the rich-content posts of the re-recording.
  'events.list.window-last': 'issue 8: the page ends with event 254, whose description is block markup (block rendering, image attributes)',
  'events.list.window-past-end':
    'issue 8: the page holds events 255-263, whose descriptions need dynamic blocks, [caption], [embed]/[audio]/[video] and image attributes',
  'venues.list.default': "issue 8: venue 264 leads the list; its description is block markup with an image (block rendering, image attributes)",
  'venues.list.search': "issue 8: venue 264 matches; its description is block markup with an image (block rendering, image attributes)",
  'venues.list.has-events-false': "issue 8: venue 264 is listed; its description is block markup with an image (block rendering, image attributes)",
  'organizers.list.default': 'issue 8: organizer 265 leads the list; its description holds a [gallery] shortcode',
  'organizers.list.admin': 'issue 8: organizer 265 leads the list; its description holds a [gallery] shortcode',

  // A search whose page holds rich-content events.
  'dev-search.negation-all': 'issue 8: the page holds events 254 and 255, whose descriptions are block markup',

  // The rich-content events, venue and organizer.
  'dev-content.event-blocks': 'issue 8: block rendering and image attributes in the description',
  'dev-content.event-dynamic-blocks': 'issue 8: dynamic blocks (latest-posts, archives) rendered in the description',
  'dev-content.event-caption-gallery': 'issue 8: [caption] and [gallery] shortcodes and image attributes in the description',
  'dev-content.event-embeds-media': 'issue 8: [embed], oEmbed links, [audio] and [video] in the description',
  'dev-content.event-classic-images': 'issue 8: image attributes (loading, decoding, srcset, sizes) on wp-image-N images',
  'dev-content.event-generated-excerpt':
    'issue 8: [caption] and image attributes in the description; the generated excerpt in json_ld.description',
  'dev-content.event-blocks-admin': 'issue 8: block rendering and image attributes in the description',
  'dev-content.event-by-slug-blocks': 'issue 8: block rendering and image attributes in the description',
  'dev-content.list-august': 'issue 8: the rich-content events: block rendering, shortcodes, embeds, image attributes',
  'dev-content.list-august-p2': 'issue 8: events 257 and 260: embeds and media shortcodes, image attributes',
  'dev-content.list-august-search': 'issue 8: events 254 and 260: block rendering and image attributes',
  'dev-content.venue-blocks': 'issue 8: block rendering and image attributes in the venue description',
  'dev-content.organizer-shortcodes': 'issue 8: the [gallery] shortcode in the organizer description',
  'dev-content.venues-list': 'issue 8: venue 264 leads the list; its description is block markup with an image',
};
