// The words behind a refused delivery (docs/decisions/039): its error read back field by field,
// the ids its payload names (top level only, from the start of the text), and the payload as
// shown to staff, with what works as a key hidden.
import { describe, expect, it } from 'vitest';
import { payloadView, problemsOf, REDACTED, topLevelIds } from './rejection-view';

describe('problemsOf', () => {
  it('names the field, the item from 1, and what is wrong, for orders and refunds', () => {
    expect(
      problemsOf(
        'orders/paid',
        'line_items.3.quantity: Invalid input: expected int, received number; currency: Invalid input: expected string, received undefined',
      ),
    ).toEqual([
      {
        field: 'line_items.quantity',
        item: 4,
        issue: 'whole_number',
        detail: 'line_items.3.quantity: Invalid input: expected int, received number',
      },
      {
        field: 'currency',
        item: null,
        issue: 'missing',
        detail: 'currency: Invalid input: expected string, received undefined',
      },
    ]);
    expect(problemsOf('refunds/create', 'id: Too small: expected number to be >0')).toEqual([
      {
        field: 'refund_id',
        item: null,
        issue: 'out_of_range',
        detail: 'id: Too small: expected number to be >0',
      },
    ]);
    expect(problemsOf('orders/create', 'id: Invalid input')[0]).toMatchObject({
      field: 'order_id',
      issue: 'bad_format',
    });
    expect(
      problemsOf('orders/create', 'body: Invalid input: expected object, received array')[0],
    ).toMatchObject({ field: 'body', issue: 'not_object' });
    expect(
      problemsOf('orders/create', 'name: Too big: expected string to have <=40 characters')[0],
    ).toMatchObject({ issue: 'too_long' });
    expect(
      problemsOf('orders/create', 'discount_codes: Too big: expected array to have <=50 items')[0],
    ).toMatchObject({ issue: 'too_many' });
    expect(problemsOf('orders/create', 'something odd')).toEqual([
      { field: 'body', item: null, issue: 'other', detail: 'something odd' },
    ]);
    expect(problemsOf('orders/create', null)).toEqual([]);
  });
});

describe('topLevelIds', () => {
  it('reads the top-level id and order_id, skipping nested keys, strings and bad values', () => {
    expect(
      topLevelIds('{"line_items":[{"id":7,"order_id":8}],"note":"\\"id\\": 9","id":123,"order_id":"456"}'),
    ).toEqual({ id: '123', order_id: '456' });
    expect(topLevelIds('{"id":"not-an-id","order_id":-4}')).toEqual({ id: null, order_id: null });
    // A body cut short still gives what its start names.
    expect(topLevelIds('{"id": 5600000000123, "line_items": [{"title": "Gum')).toEqual({
      id: '5600000000123',
      order_id: null,
    });
    expect(topLevelIds('not json')).toEqual({ id: null, order_id: null });
  });
});

describe('payloadView', () => {
  it('pretty-prints JSON and hides keys, links with keys and card details, wherever they are', () => {
    const view = payloadView(
      JSON.stringify({
        id: 1,
        token: 'tok',
        note_attributes: [{ name: 'x', value: 'y' }],
        payment_details: { credit_card_number: '•••• 4242' },
        nested: { api_key: 'k', empty_token: null },
      }),
    );
    expect(view).toMatchObject({ format: 'json', truncated: false, hidden: 3 });
    expect(JSON.parse(view.text)).toEqual({
      id: 1,
      token: REDACTED,
      note_attributes: [{ name: 'x', value: 'y' }],
      payment_details: REDACTED,
      nested: { api_key: REDACTED, empty_token: null },
    });
  });

  it('shows other text as it came, with the same keys hidden, and cuts a huge one short', () => {
    expect(payloadView('{"a": 1, "checkout_token": "abc", "b": tru')).toMatchObject({
      format: 'text',
      text: `{"a": 1, "checkout_token": "${REDACTED}", "b": tru`,
      hidden: 1,
    });
    const huge = payloadView(JSON.stringify({ items: 'x'.repeat(500) }), 100);
    expect(huge).toMatchObject({ truncated: true, length: huge.length });
    expect(huge.text).toHaveLength(100);
  });
});
