/**
 * The main e2e shop's staff account, made before the shop starts (tests/e2e/create-staff.ts): until the back office
 * exists, journeys that need a delivered order move it there as staff through `POST /api/orders/{orderId}/status`
 * (issue 21). `npm run set-role` cannot run beside a shop on PGlite, which holds its data directory.
 */
export const E2E_STAFF = { email: 'e2e-staff@example.in', password: 'staff4chai', fullname: 'Ravi Staff' } as const;
