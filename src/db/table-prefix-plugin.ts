import {
  IdentifierNode,
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SchemableIdentifierNode,
  type UnknownRow,
  type QueryId,
} from 'kysely';
import { NETWORK_TABLES, WORDPRESS_TABLES } from './tables.js';

class TablePrefixTransformer extends OperationNodeTransformer {
  constructor(
    private readonly prefix: string,
    private readonly basePrefix: string,
  ) {
    super();
  }

  // Table names and the table part of `posts.ID` references both arrive here. Only WordPress
  // table names are renamed, so aliases (`start_meta`, `tt`) pass through untouched.
  protected override transformSchemableIdentifier(
    node: SchemableIdentifierNode,
    queryId?: QueryId,
  ): SchemableIdentifierNode {
    const transformed = super.transformSchemableIdentifier(node, queryId);
    const name = transformed.identifier.name;
    if (!WORDPRESS_TABLES.has(name)) return transformed;
    const prefix = NETWORK_TABLES.has(name) ? this.basePrefix : this.prefix;
    return { ...transformed, identifier: IdentifierNode.create(prefix + name) };
  }
}

/**
 * Applies the site's table prefix (`wp_`, `wp_2_`, a custom one) to every WordPress table name;
 * users and usermeta take the network's base prefix, which is the same on a single site.
 */
export class TablePrefixPlugin implements KyselyPlugin {
  readonly #transformer: TablePrefixTransformer;

  constructor(prefix: string, basePrefix: string = prefix) {
    this.#transformer = new TablePrefixTransformer(prefix, basePrefix);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
