import type { Db } from '../../db/create-db.js';
import { isMissingTable } from '../../db/missing-table.js';

/** `modifier_type` of Tickets Commerce's order modifiers (Order_Modifiers/Modifiers). */
export const OrderModifierType = {
  coupon: 'coupon',
  fee: 'fee',
} as const;

/**
 * How many order modifiers of a type the site has, any status; 0 when Event Tickets never made
 * its table (a site from before 5.18).
 */
export async function countOrderModifiers(db: Db, modifierType: string): Promise<number> {
  try {
    const row = await db
      .selectFrom('tec_order_modifiers')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('modifier_type', '=', modifierType)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  } catch (error) {
    if (isMissingTable(error)) return 0;
    throw error;
  }
}

/** A coupon as the validity checks read it. */
export interface CouponRow {
  id: number;
  start_time: string | null;
  end_time: string | null;
}

/**
 * Coupons_Repository::find_by_slug: the first active coupon of the slug; undefined when there is
 * none, or Event Tickets never made its table.
 */
export async function selectActiveCouponBySlug(db: Db, slug: string): Promise<CouponRow | undefined> {
  try {
    const row = await db
      .selectFrom('tec_order_modifiers')
      .select(['id', 'start_time', 'end_time'])
      .where('modifier_type', '=', OrderModifierType.coupon)
      .where('slug', '=', slug)
      .where('status', '=', 'active')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : { id: Number(row.id), start_time: row.start_time, end_time: row.end_time };
  } catch (error) {
    if (isMissingTable(error)) return undefined;
    throw error;
  }
}

/** Meta_Repository::find_by_order_modifier_id_and_meta_key: the first row's value, undefined without one. */
export async function selectOrderModifierMeta(db: Db, modifierId: number, metaKey: string): Promise<string | undefined> {
  try {
    const row = await db
      .selectFrom('tec_order_modifiers_meta')
      .select('meta_value')
      .where('order_modifier_id', '=', modifierId)
      .where('meta_key', '=', metaKey)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.meta_value;
  } catch (error) {
    if (isMissingTable(error)) return undefined;
    throw error;
  }
}
