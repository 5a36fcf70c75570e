// The store connection's contract (issue 30), shared by the server
// (server/modules/store-connection/) and the back office's Store section
// (web/features/manager/settings/store-api.ts): the topics kept and the scopes needed. What
// `GET /api/manager/settings/store` answers is common/contracts/store-connection.ts.

/** The topics the portal's webhook route records, as the Admin API names them, in the order shown. */
export const STORE_TOPICS = ['ORDERS_PAID', 'ORDERS_CANCELLED', 'REFUNDS_CREATE'] as const;
export type StoreTopic = (typeof STORE_TOPICS)[number];

/** The scopes the portal needs: orders read (webhooks, reconciliation) and discounts written (the push). */
export const REQUIRED_SCOPES = ['read_orders', 'write_discounts'] as const;
