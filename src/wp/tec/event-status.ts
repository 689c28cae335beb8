/**
 * Endpoints\Base::scale_back_post_status: a user who may publish events gets the status asked
 * for (`publish` when none); anyone else has `publish` and `future` turned into `pending`, no
 * status into `draft`, and keeps any other status asked for.
 */
export function scaleBackPostStatus(requested: unknown, canPublish: boolean): string {
  const status = typeof requested === 'string' ? requested : '';
  if (canPublish) return status === '' ? 'publish' : status;
  if (status === 'publish' || status === 'future') return 'pending';
  return status === '' ? 'draft' : status;
}
