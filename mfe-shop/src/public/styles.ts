/** The public shop stylesheet: plain CSS, mobile first (DESIGN §7: no heavy components on shop pages). */
export const SHOP_CSS = `
.wzs{--wzs-accent:#6d1a36;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f1f1f;max-width:1200px;margin:0 auto;padding:0 12px 32px;box-sizing:border-box}
.wzs *{box-sizing:border-box}
.wzs a{color:inherit}
.wzs-header{display:flex;align-items:center;gap:12px;padding:12px 0;border-bottom:1px solid #eee;flex-wrap:wrap}
.wzs-header.dark{background:var(--wzs-accent);color:#fff;margin:0 -12px;padding:12px}
.wzs-header.shadow{box-shadow:0 2px 6px rgba(0,0,0,.12)}
.wzs-header.center{justify-content:center;text-align:center}
.wzs-header.noborder{border-bottom:0}
.wzs-header.logoshadow .wzs-brand img{filter:drop-shadow(0 2px 4px rgba(0,0,0,.35))}
.wzs-banner{margin:12px 0 0;border-radius:10px;overflow:hidden;max-height:140px}
.wzs-banner img{display:block;width:100%;height:140px;object-fit:cover}
.wzs-grid-request{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;background:#f6f1f3;border-radius:8px;padding:8px 12px;margin:12px 0;font-size:.9rem}
.wzs-grid-request .wzs-btn{padding:8px 14px;min-height:40px;font-size:.95rem}
.wzs-slots{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:8px 0;padding:0}
.wzs-slot{width:34px;height:34px;border-radius:50%;border:2px dashed #bbb;display:flex;align-items:center;justify-content:center;font-size:.8rem}
.wzs-slot.full{border:2px solid var(--wzs-accent);background:var(--wzs-accent);color:#fff}
.wzs-options-list{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.wzs-option{display:flex;gap:10px;align-items:center;justify-content:space-between;border:1px solid #e6e6e6;border-radius:10px;padding:8px 10px;background:#fff}
.wzs-option.picked{border-color:var(--wzs-accent);box-shadow:0 0 0 1px var(--wzs-accent)}
.wzs-counter{display:flex;align-items:center;gap:6px}
.wzs-counter button{width:40px;height:40px;border-radius:50%;border:1px solid var(--wzs-accent);background:#fff;color:var(--wzs-accent);font-size:1.2rem;cursor:pointer}
.wzs-counter button[disabled]{opacity:.4;cursor:not-allowed}
.wzs-counter output{min-width:24px;text-align:center;font-weight:700}
.wzs-sticky{position:sticky;bottom:0;background:#fff;border-top:1px solid #eee;padding:10px 0;display:flex;flex-wrap:wrap;gap:10px;align-items:center;justify-content:space-between;z-index:4}
.wzs-brand{display:flex;align-items:center;gap:10px;font-size:1.3rem;font-weight:700;text-decoration:none}
.wzs-brand img{height:44px;width:auto}
.wzs-tabs{display:none;gap:4px;flex-wrap:wrap;list-style:none;margin:0;padding:0}
.wzs-tabs a,.wzs-drawer a{display:block;padding:8px 10px;border-radius:6px;text-decoration:none}
.wzs-tabs a[aria-current=page]{font-weight:700;background:rgba(255,255,255,.18)}
.wzs-header:not(.dark) .wzs-tabs a[aria-current=page]{background:#f3e9ec}
.wzs-header.underline .wzs-tabs a[aria-current=page]{text-decoration:underline;text-underline-offset:4px}
.wzs-header.upper .wzs-tabs a,.wzs-header.upper .wzs-brand{text-transform:uppercase}
.wzs-tabs li{position:relative}
.wzs-tabs ul{display:none;position:absolute;z-index:5;left:0;top:100%;background:#fff;color:#1f1f1f;list-style:none;margin:0;padding:4px;min-width:180px;box-shadow:0 4px 12px rgba(0,0,0,.15);border-radius:6px}
.wzs-tabs li:hover>ul,.wzs-tabs li:focus-within>ul{display:block}
.wzs-burger{margin-left:auto;background:none;border:1px solid currentColor;color:inherit;border-radius:6px;padding:8px 12px;font-size:1rem;min-height:44px}
.wzs-drawer{position:fixed;inset:0 0 0 auto;width:min(320px,86vw);background:#fff;color:#1f1f1f;z-index:1000;padding:16px;overflow:auto;box-shadow:-4px 0 16px rgba(0,0,0,.2)}
.wzs-drawer ul{list-style:none;margin:0;padding:0}.wzs-drawer ul ul{padding-left:14px}
.wzs-backdrop{position:fixed;inset:0;background:rgba(0,0,0,.35);z-index:999}
.wzs-evin{font-size:.85rem;text-align:center;padding:8px;background:#f6f6f6;border-radius:6px;margin:12px 0}
.wzs-warning{font-size:.9rem;padding:8px 12px;background:#fff7e6;border:1px solid #ffd591;color:#873800;border-radius:6px;margin:12px 0}
.wzs-layout{display:block}
.wzs-filters{margin:12px 0}
.wzs-filters summary{cursor:pointer;font-weight:600;padding:8px 0;min-height:44px}
.wzs-group{border:0;margin:0 0 10px;padding:0}
.wzs-group legend{font-weight:600;font-size:.9rem;margin-bottom:4px}
.wzs-chips{display:flex;flex-wrap:wrap;gap:6px}
.wzs-chip{border:1px solid #ccc;background:#fff;border-radius:16px;padding:6px 12px;font-size:.9rem;cursor:pointer;min-height:36px;color:#1f1f1f}
.wzs-chip[aria-pressed=true]{background:var(--wzs-accent);border-color:var(--wzs-accent);color:#fff}
.wzs-search{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #bbb;border-radius:8px;min-height:44px}
.wzs-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:10px;list-style:none;margin:0;padding:0}
.wzs-card{border:1px solid #e6e6e6;border-radius:10px;overflow:hidden;background:#fff;height:100%}
.wzs-card a{display:flex;flex-direction:column;height:100%;text-decoration:none;padding:10px;gap:4px}
.wzs-visual{aspect-ratio:3/4;background:linear-gradient(160deg,#f7f1f3,#efe6e9);border-radius:8px;display:flex;align-items:center;justify-content:center;font-size:2.2rem;color:var(--wzs-accent)}
.wzs-card h3{font-size:1rem;margin:4px 0 0;line-height:1.25}
.wzs-meta{font-size:.82rem;color:#5c5c5c}
.wzs-price{font-weight:700}
.wzs-badge{display:inline-block;font-size:.75rem;padding:2px 8px;border-radius:10px;background:#fde8e8;color:#8a1c1c}
.wzs-badge.ok{background:#e6f4ea;color:#1e6b34}
.wzs-empty{padding:32px 8px;text-align:center;color:#5c5c5c}
.wzs-product{display:grid;gap:16px;margin-top:12px}
.wzs-product .wzs-visual{max-width:420px;width:100%}
.wzs-options{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 12px}
.wzs-field{margin:10px 0}
.wzs-field>span,.wzs-field>label{display:block;font-weight:600;margin-bottom:4px}
.wzs-qty{width:90px;padding:10px;font-size:1rem;border:1px solid #bbb;border-radius:8px;min-height:44px}
.wzs-btn{background:var(--wzs-accent);color:#fff;border:0;border-radius:8px;padding:12px 18px;font-size:1rem;cursor:pointer;min-height:44px}
.wzs-btn[disabled]{opacity:.5;cursor:not-allowed}
.wzs-btn.secondary{background:#fff;color:var(--wzs-accent);border:1px solid var(--wzs-accent)}
a.wzs-btn{display:inline-flex;align-items:center;text-decoration:none}
.wzs-landing__hero{padding:40px 0 24px}
.wzs-landing__hero h1{font-size:clamp(1.6rem,4vw,2.4rem);margin:0 0 12px;color:var(--wzs-accent)}
.wzs-landing__intro{max-width:720px;font-size:1.1rem;line-height:1.5}
.wzs-landing__actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:20px}
.wzs-landing__featured,.wzs-landing__pros{margin-top:32px}
.wzs-landing__pros{background:#f6f1f3;border-radius:12px;padding:20px}
.wzs-tiers{border-collapse:collapse;margin:6px 0;font-size:.9rem}
.wzs-tiers td,.wzs-tiers th{border-bottom:1px solid #eee;padding:4px 10px 4px 0;text-align:left}
.wzs-promo{background:#fff4e5;color:#7a4100;border-radius:6px;padding:6px 10px;margin:4px 0;font-size:.9rem}
.wzs-gate{--wzs-accent:#6d1a36;position:fixed;inset:0;z-index:2000;background:rgba(20,10,14,.88);display:flex;align-items:center;justify-content:center;padding:16px}
.wzs-gate>div{background:#fff;border-radius:12px;max-width:420px;padding:24px;text-align:center;color:#1f1f1f}
.wzs-gate .wzs-btn{display:block;width:100%;margin-top:10px;box-sizing:border-box;text-align:center;text-decoration:none;font-family:inherit;line-height:1.2}
.wzs-text{white-space:pre-line;line-height:1.55}
.wzs-nutri table{border-collapse:collapse;width:100%;max-width:480px}
.wzs-nutri th,.wzs-nutri td{border-bottom:1px solid #ddd;padding:6px 4px;text-align:left}
.wzs-nutri td:last-child{text-align:right}
.wzs-sub{padding-left:18px!important;font-weight:400}
.wzs-jump{font-weight:600;color:var(--wzs-accent)!important}
.wzs-events,.wzs-infos{margin-top:32px;border-top:1px solid #eee;padding-top:16px;scroll-margin-top:12px}
.wzs-event-list{list-style:none;margin:0;padding:0;display:grid;gap:14px}
.wzs-event{border:1px solid #e6e6e6;border-radius:10px;padding:12px;background:#fff}
.wzs-event h3{margin:0 0 4px;font-size:1.1rem}
.wzs-slot-list{list-style:none;margin:0 0 8px;padding:0;display:grid;gap:6px}
.wzs-slot-choice{display:grid;grid-template-columns:20px 1fr;align-items:center;gap:2px 10px;border:1px solid #ddd;border-radius:8px;padding:8px 10px;min-height:44px;cursor:pointer}
.wzs-slot-choice .wzs-meta{grid-column:2}
.wzs-booking .wzs-option>span:last-child{white-space:nowrap}
.wzs-slot-choice input{width:20px;height:20px;margin:0;accent-color:var(--wzs-accent)}
.wzs-slot-choice:has(input:checked){border-color:var(--wzs-accent);box-shadow:0 0 0 1px var(--wzs-accent)}
.wzs-slot-choice:focus-within{outline:2px solid var(--wzs-accent);outline-offset:2px}
.wzs-slot-choice.full{opacity:.55;cursor:not-allowed}
.wzs-booking{margin-top:10px;display:grid;gap:8px}
.wzs-booking-foot{display:flex;flex-wrap:wrap;gap:10px;align-items:center;justify-content:space-between}
.wzs-infos-grid{display:grid;gap:16px}
.wzs-infos h3{font-size:1rem;margin:0 0 6px}
.wzs-infos address{font-style:normal;line-height:1.5}
.wzs-infos a{color:var(--wzs-accent)}
.wzs-hours{margin:0;display:grid;gap:2px}
.wzs-hours div{display:flex;gap:10px}.wzs-hours dt{min-width:90px;font-weight:600}.wzs-hours dd{margin:0}
.wzs-links{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px 14px}
.wzs-links a{display:inline-block;padding:6px 0;min-height:32px}
.wzs-foot{margin-top:24px;font-size:.85rem;display:flex;gap:14px;flex-wrap:wrap}
@media (min-width:600px){.wzs-grid{grid-template-columns:repeat(3,minmax(0,1fr))}.wzs-infos-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:960px){
  .wzs{padding:0 24px 40px}
  .wzs-header.dark{margin:0 -24px;padding:12px 24px}
  .wzs-tabs{display:flex}.wzs-burger{display:none}
  .wzs-header nav{flex:1}.wzs-header .wzs-tabs{justify-content:var(--wzs-justify,flex-start)}
  .wzs-banner{max-height:260px}.wzs-banner img{height:260px}
  .wzs-header.left .wzs-tabs{justify-content:var(--wzs-justify,flex-end)}
  .wzs-header.center .wzs-tabs{justify-content:var(--wzs-justify,center)}
  .wzs-header.center{flex-direction:column}
  .wzs-layout{display:grid;grid-template-columns:240px 1fr;gap:24px}
  .wzs-filters{display:block}
  .wzs-grid{grid-template-columns:repeat(4,minmax(0,1fr))}
  .wzs-product{grid-template-columns:minmax(0,420px) 1fr;gap:32px}
}
`;
