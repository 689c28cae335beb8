/**
 * Validator::PASSWORD_PROTECTED_FIELDS: what a password-protected event, venue or organizer
 * shows in place of each field to a reader without the password. Applied recursively, so a
 * protected venue's own name field `venue` becomes `[]` too, as in the plugin.
 */
const PROTECTED_FIELDS: Readonly<Record<string, unknown>> = {
  description: '',
  excerpt: '',
  image: false,
  all_day: null,
  cost: '',
  cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
  website: '',
  show_map: null,
  show_map_link: null,
  hide_from_listings: null,
  sticky: null,
  featured: null,
  categories: [],
  tags: [],
  venue: [],
  organizer: [],
  ticketed: null,
  is_virtual: null,
  virtual_url: '',
  virtual_video_source: '',
  // The strings 'null', as Validator\Base::PASSWORD_PROTECTED_FIELDS spells them.
  attendance: { total_attendees: 'null', checked_in: 'null', not_checked_in: 'null' },
  custom_fields: [],
  email: '',
  phone: '',
  geo_lat: 0,
  geo_lng: 0,
  stateprovince: '',
  zip: '',
  province: '',
  country: '',
  city: '',
  address: '',
};

/** Validator::remove_password_protected_content: a copy with every protected field replaced. */
export function removePasswordProtectedContent<T>(data: T): T {
  if (Array.isArray(data)) return data.map((item) => removePasswordProtectedContent(item)) as T;
  if (!data || typeof data !== 'object') return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (Object.prototype.hasOwnProperty.call(PROTECTED_FIELDS, key)) {
      out[key] = structuredClone(PROTECTED_FIELDS[key]);
    } else {
      out[key] = value && typeof value === 'object' ? removePasswordProtectedContent(value) : value;
    }
  }
  return out as T;
}
