import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { Category } from '../../../common/schemas/categories';
import { adminApi } from '../api/admin-api';

export interface AuthorOption {
  _id: string;
  name: string;
}

/**
 * The choices of the article form, loaded once: null while loading (a spinner), empty after a
 * failure, which is toasted with the server's message (SPEC.md §8).
 */
export function useArticleOptions() {
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [authors, setAuthors] = useState<AuthorOption[] | null>(null);

  useEffect(() => {
    const load = <T>(path: string, set: (list: T[]) => void) =>
      adminApi<T[]>(path)
        .then(set)
        .catch((e: Error) => {
          set([]);
          toast.error(e.message);
        });
    void load('/api/categories', setCategories);
    void load('/api/users/authors', setAuthors);
  }, []);

  return { categories, authors };
}
