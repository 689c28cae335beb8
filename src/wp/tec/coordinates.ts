import { firstMeta, type MetaMap } from '../posts/meta.js';
import { VenueMeta } from '../constants.js';
import { phpFloatval } from '../php/php-values.js';

/**
 * tribe_get_coordinates() as the REST answers and the JSON-LD use it: only while Events Calendar
 * Pro is active (its Geo_Loc class provides the meta keys) are `_VenueLat` / `_VenueLng` read, as
 * floats; both must be non-zero. Without Pro there are no coordinates, even if old rows remain.
 */
export function venueCoordinates(meta: MetaMap, proActive: boolean): { lat: number; lng: number } | null {
  if (!proActive) return null;
  const lat = phpFloatval(firstMeta(meta, VenueMeta.lat) ?? '');
  const lng = phpFloatval(firstMeta(meta, VenueMeta.lng) ?? '');
  return lat !== 0 && lng !== 0 ? { lat, lng } : null;
}
