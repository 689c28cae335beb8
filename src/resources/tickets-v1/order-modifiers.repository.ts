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
