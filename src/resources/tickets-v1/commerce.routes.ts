import { CoreErrors, InProgressError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { EDITABLE, type RouteDefinition } from '../../http/rest-route.js';
import { userCan } from '../../wp/auth/capabilities.js';
import { countOrderModifiers, OrderModifierType } from './order-modifiers.repository.js';
import { IN_PROGRESS } from './in-progress.js';
import { validateCoupon } from './coupons.service.js';

type Route = RouteDefinition<RequestContext>;

/*
 * Tickets Commerce's routes under tribe/tickets/v1: the payment gateways' (Square, Stripe, PayPal,
 * the free gateway) and the order modifiers' (coupons, fees), in Event Tickets' registration order.
 * Served: the GET routes a client can call without a gateway connection (their refusals and the
 * empty answers of a site without coupons or fees), coupon validation, and the refusal of a coupon
 * created without `manage_options`; the rest is declared, in progress.
 */

/**
 * Order_Modifiers/API/Base_API's permission: `manage_options`, the role a filter may change (the
 * service cannot see PHP filters).
 */
function canManageOrderModifiers(ctx: RequestContext): boolean {
  return userCan(ctx.viewer, 'manage_options');
}

/**
 * The gateways' state-nonce checks (Stripe's return, Square's on-boarding): WordPress nonces made
 * for the gateway's connection flow, which the service cannot verify without the site's salts and
 * session; no request without a valid one passes, so every request is refused as one without.
 */
const hasGatewayStateNonce = (): boolean => false;

/**
 * The answer of an order modifier list when the site has none of that type; with some, the route
 * is in progress (its model is not ported), answered rest_no_route rather than an empty list.
 */
async function whenNoModifiers(ctx: RequestContext, type: string, empty: unknown) {
  if ((await countOrderModifiers(ctx.db, type)) > 0) throw CoreErrors.noRoute();
  return { body: empty };
}

/** A gateway endpoint whose checks passed: its work (a call to the gateway) is not served. */
async function gatewayWork(): Promise<never> {
  throw CoreErrors.noRoute();
}

const FAILED_ORDER_ARGS = {
  failed_status: { description: 'To which status the failing should change this order to', type: 'string' },
  failed_reason: { description: 'Why this particular order has failed.', type: 'string' },
} as const;

/** The gateways' routes, as Tickets Commerce registers them (Square, Stripe, PayPal, Free). */
export function createGatewayRoutes(): Route[] {
  return [
    {
      pattern: '/commerce/square/on-boarding',
      // The gateway's return: it works on the site's settings, a GET that is no read.
      answersKept: false,
      endpoints: [
        {
          methods: ['GET'],
          args: {
            code: { type: 'string' },
            state: { type: 'string', required: true },
            token_type: { type: 'string' },
            access_token: { type: 'string' },
            expires_at: { type: 'string' },
          },
          permission: hasGatewayStateNonce,
          handler: gatewayWork,
        },
      ],
    },
    { pattern: '/commerce/square/order', endpoints: [{ methods: ['POST'], args: {}, ...IN_PROGRESS }] },
    {
      pattern: '/commerce/square/order/(?P<order_id>[0-9a-zA-Z_-]+)',
      endpoints: [{ methods: ['DELETE'], args: { order_id: { description: 'Order ID in Square', type: 'string', required: true }, ...FAILED_ORDER_ARGS }, ...IN_PROGRESS }],
    },
    { pattern: '/commerce/square/webhooks', endpoints: [{ methods: ['POST'], args: {}, ...IN_PROGRESS }] },
    { pattern: '/commerce/stripe/order', endpoints: [{ methods: ['POST'], args: {}, ...IN_PROGRESS }] },
    {
      pattern: '/commerce/stripe/order/(?P<order_id>[0-9a-zA-Z_-]+)',
      endpoints: [
        {
          methods: ['POST'],
          args: {
            order_id: { description: 'Order ID (Payment Intent ID) in Stripe', type: 'string', required: true },
            client_secret: { description: 'Client Secret from Stripe', type: 'string' },
          },
          ...IN_PROGRESS,
        },
        { methods: ['DELETE'], args: { order_id: { description: 'Order ID in Stripe', type: 'string', required: true }, ...FAILED_ORDER_ARGS }, ...IN_PROGRESS },
      ],
    },
    { pattern: '/commerce/stripe/return', answersKept: false, endpoints: [{ methods: ['GET'], args: {}, permission: hasGatewayStateNonce, handler: gatewayWork }] },
    { pattern: '/commerce/stripe/webhook', endpoints: [{ methods: ['POST'], args: {}, ...IN_PROGRESS }] },
    {
      pattern: '/commerce/paypal/on-boarding',
      // The gateway's return: it works on the site's settings, a GET that is no read.
      answersKept: false,
      endpoints: [
        {
          methods: ['POST'],
          args: {
            nonce: { description: 'The nonce validation for WP', type: 'string', required: true },
            auth_code: { description: 'Authorization Code from PayPal', type: 'string', required: true },
            shared_id: { description: 'The shared ID from PayPal', type: 'string', required: true },
          },
          ...IN_PROGRESS,
        },
        {
          methods: ['GET'],
          args: {
            hash: { description: 'The nonce validation', type: 'string', required: true },
            merchantId: { description: 'The merchant ID', type: 'string', required: true },
            merchantIdInPayPal: { description: 'The merchant ID in PayPal', type: 'string', required: true },
            // Event Tickets describes the last three as it does the one before them.
            permissionsGranted: { description: 'The merchant ID in PayPal', type: 'string', required: true },
            consentStatus: { description: 'The merchant ID in PayPal', type: 'string', required: true },
            accountStatus: { description: 'The merchant ID in PayPal', type: 'string', required: true },
          },
          handler: gatewayWork,
        },
      ],
    },
    { pattern: '/commerce/paypal/order', endpoints: [{ methods: ['POST'], args: {}, ...IN_PROGRESS }] },
    {
      pattern: '/commerce/paypal/order/(?P<order_id>[0-9a-zA-Z]+)',
      endpoints: [
        {
          methods: ['POST'],
          args: {
            order_id: { description: 'Order ID in PayPal', type: 'string', required: true },
            payer_id: { description: 'Payer ID token from PayPal', type: 'string' },
          },
          ...IN_PROGRESS,
        },
        { methods: ['DELETE'], args: { order_id: { description: 'Order ID in PayPal', type: 'string', required: true }, ...FAILED_ORDER_ARGS }, ...IN_PROGRESS },
      ],
    },
    { pattern: '/commerce/free/order', endpoints: [{ methods: ['POST'], args: {}, ...IN_PROGRESS }] },
  ];
}

const COUPON_ARGS = {
  coupon: { description: 'The coupon slug.', type: 'string', format: 'text-field', required: true },
  cart_hash: { description: 'The cart hash.', type: 'string', format: 'text-field', required: true },
  payment_intent_id: { description: 'The Stripe payment intent to apply the coupon to.', type: 'string', format: 'text-field' },
  purchaser_data: {
    description: 'The purchaser data.',
    type: 'object',
    properties: {
      name: { description: 'The purchaser name.', type: 'string', format: 'text-field' },
      email: { description: 'The purchaser email.', type: 'string', format: 'email' },
    },
  },
} as const;

/** The order modifiers' routes (Order_Modifiers/API: Coupons, then Fees). */
export function createOrderModifierRoutes(): Route[] {
  return [
    {
      pattern: '/coupons',
      endpoints: [
        {
          methods: ['GET'],
          args: {},
          permission: canManageOrderModifiers,
          handler: (ctx) => whenNoModifiers(ctx, OrderModifierType.coupon, []),
        },
        {
          methods: ['POST'],
          args: {
            slug: { description: 'The coupon slug.', type: 'string', format: 'text-field', required: true },
            display_name: { description: 'The coupon display name.', type: 'string', format: 'text-field', required: true },
            status: { description: 'The coupon status.', type: 'string', enum: ['active', 'inactive', 'draft'], required: true },
            amount: { description: 'The coupon amount.', type: 'integer', required: true },
            sub_type: { description: 'The coupon sub type.', type: 'string', enum: ['percent', 'flat'], default: 'flat' },
            start_time: { description: 'The coupon start time.', type: 'string', format: 'date-time', default: null },
            end_time: { description: 'The coupon end time.', type: 'string', format: 'date-time', default: null },
          },
          permission: canManageOrderModifiers,
          // The refusal is served; a manager's coupon (Coupon::create) is not built yet.
          handler: async () => {
            throw new InProgressError();
          },
        },
      ],
    },
    { pattern: '/coupons/validate', endpoints: [{ methods: ['POST'], args: { coupon: COUPON_ARGS.coupon }, handler: validateCoupon }] },
    { pattern: '/coupons/apply', endpoints: [{ methods: ['POST'], args: COUPON_ARGS, ...IN_PROGRESS }] },
    { pattern: '/coupons/remove', endpoints: [{ methods: ['POST'], args: COUPON_ARGS, ...IN_PROGRESS }] },
    {
      pattern: '/fees',
      endpoints: [
        {
          methods: ['GET'],
          args: { status: { description: 'The status of the fees to retrieve.', type: 'array', items: { type: 'string', enum: ['active', 'inactive', 'draft'] } } },
          permission: canManageOrderModifiers,
          handler: (ctx) => whenNoModifiers(ctx, OrderModifierType.fee, { all_fees: [], automatic_fees: [], selectable_fees: [] }),
        },
      ],
    },
    {
      pattern: '/tickets/(?P<id>\\d+)/fees',
      endpoints: [
        {
          methods: ['GET'],
          args: {},
          permission: canManageOrderModifiers,
          handler: (ctx) => whenNoModifiers(ctx, OrderModifierType.fee, { available_fees: [], automatic_fees: [], selected_fees: [] }),
        },
        {
          methods: EDITABLE,
          args: { selected_fees: { description: 'The selected fees for the ticket.', type: 'array', items: { type: 'integer' }, required: true } },
          permission: canManageOrderModifiers,
          ...IN_PROGRESS,
        },
      ],
    },
  ];
}
