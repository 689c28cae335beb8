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
import { WORDPRESS_TABLES } from './tables.js';

class TablePrefixTransformer extends OperationNodeTransformer {
  constructor(private readonly prefix: string) {
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
    return { ...transformed, identifier: IdentifierNode.create(this.prefix + name) };
  }
}

/** Applies the site's table prefix (`wp_`, `wp_2_`, a custom one) to every WordPress table name. */
export class TablePrefixPlugin implements KyselyPlugin {
  readonly #transformer: TablePrefixTransformer;

  constructor(prefix: string) {
    this.#transformer = new TablePrefixTransformer(prefix);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
