// Query keys that more than one remote reads or changes. A remote that writes (the catalog adds to
// the cart, checkout places an order) invalidates what another remote shows (the checkout's cart,
// the orders list, the header's cart count) only when both spell the key the same way: they take it
// from here. Keys one remote alone uses stay in that remote's feature `api/` files.
//
// Each family starts with its own root, so `invalidateQueries({ queryKey: queryKeys.orders.all })`
// reaches every list and detail of it (TanStack Query matches keys by prefix).

/** Filters of an order or quotation list, as part of its key. */
export type ListFilters = Readonly<Record<string, string | number | boolean | undefined>>;

export const queryKeys = {
  /** The signed-in buyer's cart (one per user; the API knows whose). */
  cart: {
    all: ['cart'] as const,
  },
  /** Orders: every list and detail. */
  orders: {
    all: ['orders'] as const,
    list: (filters: ListFilters = {}) => ['orders', 'list', filters] as const,
    detail: (number: string) => ['orders', 'detail', number] as const,
  },
  /** Quotations: every list and detail. */
  quotations: {
    all: ['quotations'] as const,
    list: (filters: ListFilters = {}) => ['quotations', 'list', filters] as const,
    detail: (id: string) => ['quotations', 'detail', id] as const,
  },
  /** The address book (`/v1/addresses`): the account edits it, the checkout offers it. */
  addresses: {
    all: ['addresses'] as const,
  },
  /** The caller (`/v1/me`) and what hangs off it. */
  me: {
    all: ['me'] as const,
    caller: ['me', 'caller'] as const,
    /** A user's preferences (prices with or without VAT), one entry per user. */
    preferences: (userId: string) => ['me', 'preferences', userId] as const,
  },
} as const;
