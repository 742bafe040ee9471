import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { dashboardAdminRoutes } from './admin-routes.ts';
import type { DashboardSource } from '../platform/dashboard/face.ts';
import { lowStockSection, DASHBOARD_LOW_STOCK_ROWS } from '../stock/dashboard-section.ts';
import { unreadMessagesSection } from '../contact/dashboard-section.ts';
import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';

/** The dashboard route alone, behind a stand-in for the admin guard that lets an owner through. */
async function dashboardWith(sources: DashboardSource[]): Promise<DashboardSection[]> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('adminActor', null);
  app.addHook('onRequest', async (request) => {
    request.adminActor = { userId: crypto.randomUUID(), email: 'owner@example.in', role: 'owner', ip: '127.0.0.1' };
  });
  await app.register(dashboardAdminRoutes, { sources });
  const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard' });
  await app.close();
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ sections: DashboardSection[] }>().sections;
}

const lowItem = (index: number, countInStock: number) => ({
  productId: crypto.randomUUID(),
  title: `Brass diya ${index}`,
  slug: `brass-diya-${index}`,
  countInStock,
  threshold: 5,
});

describe('the dashboard', () => {
  it("shows the sources' sections in order, and leaves out one that fails", async () => {
    const orders: DashboardSource = async () => ({
      key: 'orders',
      title: 'Orders',
      figures: [{ label: "Today's revenue", value: 129_900, unit: 'paise' }],
    });
    const sections = await dashboardWith([
      orders,
      async () => {
        throw new Error('the orders database is away');
      },
      () => unreadMessagesSection(async () => 0),
    ]);
    expect(sections.map((section) => section.key)).toEqual(['orders', 'messages']);
    expect(sections[0]!.figures[0]).toEqual({ label: "Today's revenue", value: 129_900, unit: 'paise' });
    expect(sections[1]!.figures[0]).toMatchObject({ value: 0, tone: 'good' });
  });

  it('counts every low-stock product but lists the first few', async () => {
    const products = Array.from({ length: DASHBOARD_LOW_STOCK_ROWS + 3 }, (_, index) => lowItem(index, index % 3));
    let asked = 0;
    const section = await lowStockSection(async (limit) => {
      asked = limit;
      return products;
    });
    expect(asked).toBeGreaterThan(DASHBOARD_LOW_STOCK_ROWS);
    expect(section.figures[0]).toMatchObject({ value: products.length, tone: 'warning' });
    expect(section.rows).toHaveLength(DASHBOARD_LOW_STOCK_ROWS);
    expect(section.rows![0]).toMatchObject({ label: 'Brass diya 0', value: 0, tone: 'bad' });
    expect(section.rows![1]).toMatchObject({ value: 1, tone: 'warning', note: 'threshold 5' });
    expect((await lowStockSection(async () => [])).figures[0]).toMatchObject({ value: 0, tone: 'good' });
  });
});
