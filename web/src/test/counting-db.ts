import { CatalogueDb } from '../lib/db';

/**
 * A catalogue database that counts, on the stored rows of products (product-chunks.ts: CHUNK_SPAN products to
 * a row): the rows it hands out, the value cursors it opens and the records every write puts (what a copy pays
 * for, per record).
 */
export class CountingDb extends CatalogueDb {
  rowReads = 0;
  valueCursors = 0;
  recordsPut = 0;
  constructor(name: string) {
    super(name);
    this.use({
      stack: 'dbcore',
      name: 'count-product-rows',
      create: (down) => ({
        ...down,
        table: (tableName) => {
          const table = down.table(tableName);
          if (tableName !== 'productChunks') return table;
          return {
            ...table,
            get: async (req) => {
              const row: unknown = await table.get(req);
              if (row !== undefined) this.rowReads++;
              return row;
            },
            getMany: async (req) => {
              const rows = await table.getMany(req);
              this.rowReads += rows.filter((r) => r !== undefined).length;
              return rows;
            },
            query: async (req) => {
              const res = await table.query(req);
              if (req.values) this.rowReads += res.result.length;
              return res;
            },
            openCursor: (req) => {
              if (req.values !== false) this.valueCursors++;
              return table.openCursor(req);
            },
            mutate: (req) => {
              if (req.type === 'put' || req.type === 'add') this.recordsPut += req.values.length;
              return table.mutate(req);
            },
          };
        },
      }),
    });
  }
}
