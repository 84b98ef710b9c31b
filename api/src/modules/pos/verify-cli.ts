/*
 * `npm run pos:verify` (root) — the command form of the till's verification: recomputes the chained journal
 * of every salespoint (or of `--salespoint <id>`) on the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR) and prints 'intact' or the first broken record of each. Exits 1 when one is broken.
 */
import { loadConfig } from '../../platform/config';
import { openDatabase } from '../../platform/db/client';
import { posSalesPoints } from './pos.tables';
import { verifyChain } from './pos.chain';

async function main(): Promise<number> {
  const i = process.argv.indexOf('--salespoint');
  const only = i > 0 ? Number(process.argv[i + 1]) : null;
  const handle = await openDatabase(loadConfig());
  try {
    const sps = (await handle.db.select().from(posSalesPoints)).filter((s) => only == null || s.id === only);
    if (!sps.length) {
      console.log(only != null ? `Point de vente ${only} introuvable` : 'Aucun point de vente');
      return only != null ? 1 : 0;
    }
    let broken = 0;
    for (const sp of sps) {
      const v = await verifyChain(handle.db, sp.id);
      if (v.intact)
        console.log(`#${sp.id} ${sp.name} : intact (${v.records} enregistrements, grand total ${(v.grandTotal / 100).toFixed(2)} €)`);
      else {
        broken++;
        console.log(
          `#${sp.id} ${sp.name} : ROMPU à l’enregistrement ${v.broken!.seq} (${v.broken!.kind} ${v.broken!.ref}) : ${v.broken!.reason}`,
        );
      }
    }
    return broken ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
