import type { RequestContext } from '../../http/request-context.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { phpIntval } from '../../wp/php/php-values.js';
import { strtotime } from '../../wp/tec/dates.js';
import { selectActiveCouponBySlug, selectOrderModifierMeta, type CouponRow } from './order-modifiers.repository.js';

/** Order modifier meta of a coupon (Order_Modifiers\Traits\Coupons). */
const CouponMeta = {
  /** How many times the coupon may be used; none or empty is unlimited. */
  available: 'coupons_available',
  /** How many times it was. */
  uses: 'coupons_uses',
} as const;

/**
 * Traits\Coupons::is_coupon_slug_valid: an active coupon of the slug, within its start and end
 * times (at the request's instant), with uses left.
 */
async function isCouponSlugValid(ctx: RequestContext, slug: string): Promise<boolean> {
  const coupon = await selectActiveCouponBySlug(ctx.db, slug);
  if (!coupon || !isWithinDateRange(coupon, ctx.now)) return false;
  const available = await selectOrderModifierMeta(ctx.db, coupon.id, CouponMeta.available);
  if (available === undefined || isPhpEmpty(available)) return true;
  const uses = await selectOrderModifierMeta(ctx.db, coupon.id, CouponMeta.uses);
  return (uses === undefined || isPhpEmpty(uses) ? 0 : phpIntval(uses)) < phpIntval(available);
}

/** is_coupon_within_date_range: an end before now or a start after now makes the coupon invalid. */
function isWithinDateRange(coupon: CouponRow, now: Date): boolean {
  const time = Math.floor(now.getTime() / 1000);
  // strtotime of an unreadable time is false, which PHP compares as 0.
  const at = (value: string) => strtotime(value, now) ?? 0;
  if (coupon.end_time !== null && at(coupon.end_time) < time) return false;
  if (coupon.start_time !== null && at(coupon.start_time) > time) return false;
  return true;
}

/** POST /coupons/validate (API\Coupons::validate_coupon): `{ valid }` for the coupon slug given. */
export async function validateCoupon(ctx: RequestContext): Promise<{ body: { valid: boolean } }> {
  return { body: { valid: await isCouponSlugValid(ctx, String(ctx.params.coupon ?? '')) } };
}
