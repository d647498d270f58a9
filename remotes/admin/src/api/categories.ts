import type {
  CategoriesListInput,
  Category,
  CategoryCreateInput,
  CategoryUpdateInput,
  Envelope,
  ListPage,
} from '@vitrine/contracts';
import { http } from '@vitrine/core';

type Ref = Pick<Category, 'id' | 'unique_key'>;
const path = (base: string, c: Ref) => `${base}/${c.id}/${encodeURIComponent(c.unique_key)}`;

export async function listCategories(input: CategoriesListInput = {}): Promise<ListPage<Category>> {
  const { data } = await http.post<Envelope<ListPage<Category>>>('/category/categories-list', input);
  return data.data;
}

export async function getCategory(ref: Ref): Promise<Category> {
  const { data } = await http.get<Envelope<Category>>(path('/category/category', ref));
  return data.data;
}

export async function createCategory(input: CategoryCreateInput): Promise<Category> {
  const { data } = await http.post<Envelope<Category>>('/category/category', input);
  return data.data;
}

export async function updateCategory(ref: Ref, input: CategoryUpdateInput): Promise<Category> {
  const { data } = await http.put<Envelope<Category>>(path('/category/category', ref), input);
  return data.data;
}

export async function changeCategoryStatus(ref: Ref, active: boolean): Promise<Category> {
  const { data } = await http.put<Envelope<Category>>(path('/category/category-change-status', ref), { active });
  return data.data;
}

export async function deleteCategory(ref: Ref): Promise<void> {
  await http.delete(path('/category/category', ref));
}
