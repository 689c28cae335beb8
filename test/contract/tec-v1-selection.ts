import type { TecV1Case } from './tec-v1-captures.js';

/** The tec/v1 cases this contract replays: every one that cannot write, but the /docs group. */
export function isTecV1ReadCase(testCase: TecV1Case): boolean {
  return !testCase.mutates && testCase.group !== 'tecv1.docs';
}

/**
 * Where the service answers as WordPress core does and the plugin does not, case id -> why.
 * TEC honours `context=edit` for readers who may not edit (guests included), showing raw titles,
 * content, passwords and permalink templates; core refuses them (401/403 rest_forbidden_context),
 * and so does the service: the edit context is for editors.
 */
const EDIT_CONTEXT_FOR_NON_EDITORS =
  'context=edit for a reader who may not edit: answered as WordPress core does (rest_forbidden_context), not as TEC 6.17.2 (which shows the edit context to anyone)';
export const TEC_V1_INTENDED_DEVIATIONS: Readonly<Record<string, string>> = {
  'tecv1-dev.events.read.list.context-edit': EDIT_CONTEXT_FOR_NON_EDITORS,
  'tecv1-dev.events.read.list.context-edit-fields': EDIT_CONTEXT_FOR_NON_EDITORS,
  'tecv1-dev.events.read.single.194-edit-guest': EDIT_CONTEXT_FOR_NON_EDITORS,
  'tecv1-dev.events.read.single.248-pw-subscriber-edit': EDIT_CONTEXT_FOR_NON_EDITORS,
  'tecv1-dev.venues.read.single.25-edit': EDIT_CONTEXT_FOR_NON_EDITORS,
  'tecv1-dev.organizers.read.single.31-edit': EDIT_CONTEXT_FOR_NON_EDITORS,
};

const TIED_ORDER =
  'posts tie on the sort value and MariaDB returned them in an order no rule of the query gives (the service breaks ties by ID)';

/** Cases not answered identically yet, case id -> why (each must still differ). */
export const TEC_V1_PENDING: Readonly<Record<string, string>> = {
  'tecv1-dev.index.index.root-namespaces':
    "the REST root lists the namespaces the service serves; the recorded site lists all of WordPress's and its plugins' (oembed/1.0, wp/v2, ...), which the service does not serve",
  'tecv1-dev.events.read.list.orderby-menu-order': TIED_ORDER,
  'tecv1-dev.events.read.list.orderby-modified-desc': TIED_ORDER,
  'tecv1-dev.venues.read.list.status-two-editor': TIED_ORDER,
};
