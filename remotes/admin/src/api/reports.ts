import type { DashboardReport } from '@vitrine/contracts';
import { http } from '@vitrine/core';

/** The dashboard for an inclusive range of UTC days (the dashboard access); 400 for a range backwards or over a year. */
export async function getDashboard(range: { from: string; to: string }): Promise<DashboardReport> {
  const { data } = await http.get<{ data: DashboardReport }>('/reports/dashboard', { params: range });
  return data.data;
}
