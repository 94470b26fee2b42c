import type { CategoriesDeps } from './categories-deps';
import { categoryReads } from './category-reads';
import { categoryRemoval, categoryWrites } from './category-writes';

export function createCategoriesService(deps: CategoriesDeps) {
  return { ...categoryReads(deps), ...categoryWrites(deps), ...categoryRemoval(deps) };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;
