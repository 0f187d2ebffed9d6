// Which of an organisation's approval rules an order meets (issue 33): pure, so the checkout's
// notice, the submission and the refusal at placement all decide alike.
import type { ApprovalReasonKind, ApprovalRuleKind } from '@portal/shared/schemas';

export interface StoredRule {
  id: string;
  kind: ApprovalRuleKind;
  amountCents: number | null;
  categoryIds: number[];
  userIds: string[];
}

/** What the rules look at: who orders, the goods' total (excl. VAT, after discount) and each line's categories. */
export interface OrderFacts {
  userId: string;
  goodsExclVat: number;
  lineCategories: number[][];
}

/** Why an order needs approval: a rule met, or a reason given by the caller of `submit` (a budget exceeded). */
export interface Reason {
  kind: ApprovalReasonKind;
  /** The rule's amount, or for a budget what was left of it at submission. */
  amount_cents: number | null;
  /** A budget exceeded: the cost centre's. */
  cost_centre?: { code: string; name: string };
}

/** The rules the order meets, one reason per rule (an order "above" an amount: strictly more). */
export function rulesMet(rules: StoredRule[], facts: OrderFacts): Reason[] {
  return rules
    .filter((r) => {
      switch (r.kind) {
        case 'order_total_above':
          return r.amountCents !== null && facts.goodsExclVat > r.amountCents;
        case 'categories':
          return facts.lineCategories.some((ids) => ids.some((id) => r.categoryIds.includes(id)));
        case 'users':
          return r.userIds.includes(facts.userId);
      }
    })
    .map((r) => ({ kind: r.kind, amount_cents: r.kind === 'order_total_above' ? r.amountCents : null }));
}
