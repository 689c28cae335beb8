import { CompiledQuery, type Compilable } from 'kysely';

/**
 * SQL kept per request shape, per database handle. Building and compiling a Kysely query (its
 * immutable node tree, the table-prefix plugin's pass over it, the compiler's walk) costs a hot
 * read more CPU than the database spends answering it, and a site's requests come in few shapes:
 * the SQL text of a query depends only on which clauses it has and how many values each binds,
 * not on the values. The caller names the shape and lists the values its query binds, in the
 * order the query binds them; a shape's SQL is kept only once a compiled query of it was seen to
 * bind exactly those values in that order, so a wrong list costs speed, never a wrong answer.
 */
export class CompiledShapes {
  private readonly byDb = new WeakMap<object, Map<string, string>>();

  constructor(private readonly maxShapes = 500) {}

  /**
   * The query of `shape` with `parameters`: the kept SQL when there is some, else build()
   * compiled (and its SQL kept when its parameters are exactly `parameters`). A query without a
   * shape (undefined) is built each time.
   */
  compile(db: object, shape: string | undefined, parameters: readonly unknown[], build: () => Compilable): CompiledQuery {
    if (shape === undefined) return build().compile();
    let shapes = this.byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      this.byDb.set(db, shapes);
    }
    const known = shapes.get(shape);
    if (known !== undefined) return CompiledQuery.raw(known, [...parameters]);
    const compiled = build().compile();
    const sameOrder =
      compiled.parameters.length === parameters.length && compiled.parameters.every((value, index) => value === parameters[index]);
    if (sameOrder && shapes.size < this.maxShapes) shapes.set(shape, compiled.sql);
    return compiled;
  }

  /** Shapes kept for `db` (for tests). */
  size(db: object): number {
    return this.byDb.get(db)?.size ?? 0;
  }
}
