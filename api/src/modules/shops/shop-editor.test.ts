import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG_HEAD = '/9j/4AAQSkZJRgABAQ';

describe('shop editor: PUT /v1/shops/me (colour, banner, logo, header style, tabs)', () => {
  let ctx: TestContext;
  let owner: string;
  let iam: string;
  let owner2: string;
  beforeAll(async () => {
    ctx = await createTestContext({ bodyLimit: '4mb' });
    [owner, iam, owner2] = await Promise.all(['owner', 'iam', 'owner2'].map((w) => loginAs(ctx.app, `${w}@demo.test`)));
  });
  afterAll(async () => {
    await ctx.close();
  });

  const put = (body: unknown, token = owner) =>
    request(ctx.app)
      .put('/v1/shops/me')
      .set(bearer(token))
      .send(body as object);

  it.each(
    (
      [
        [{ editedShop: { color: 'rouge' } }, 'editedShop.color', 'La couleur doit être une couleur hexadécimale (ex. : #7b1e3a)'],
        [{ editedShop: { color: '#12345' } }, 'editedShop.color', 'La couleur doit être une couleur hexadécimale (ex. : #7b1e3a)'],
        [
          { editedShop: { banner: 'http://example.com/b.png' } },
          'editedShop.banner',
          'La bannière doit être une adresse https:// ou une image PNG, JPEG ou WebP',
        ],
        [
          { editedShop: { banner: 'javascript:alert(1)' } },
          'editedShop.banner',
          'La bannière doit être une adresse https:// ou une image PNG, JPEG ou WebP',
        ],
        [
          { editedShop: { logo: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' } },
          'editedShop.logo',
          'Le logo doit être une adresse https:// ou une image PNG, JPEG ou WebP',
        ],
        [
          { editedShop: { logo: `data:image/png;base64,${JPEG_HEAD}AAAA` } },
          'editedShop.logo',
          'Le logo doit être une adresse https:// ou une image PNG, JPEG ou WebP',
        ],
        [
          { editedShop: { logo: `data:image/png;base64,${PNG.slice(0, 12)}${'A'.repeat(1_500_000)}` } },
          'editedShop.logo',
          'Le logo ne doit pas dépasser 1 Mo',
        ],
        [{ headerStyle: { logoPlacement: 'right' } }, 'headerStyle.logoPlacement', 'La position du logo doit être start, center ou left'],
        [
          { headerStyle: { justifyContent: 'around' } },
          'headerStyle.justifyContent',
          "L'alignement des onglets doit être start, center, end ou space-between",
        ],
        [{ headerStyle: { elevation: 30 } }, 'headerStyle.elevation', "L'élévation doit être un nombre entier entre 0 et 24"],
        [{ headerStyle: { dark: 'oui' } }, 'headerStyle.dark', 'Doit être vrai ou faux'],
        [
          { headerStyle: { color: 'blue' } },
          'headerStyle.color',
          "La couleur de l'en-tête doit être une couleur hexadécimale (ex. : #7b1e3a)",
        ],
        [
          { tabs: [{ name: '', content: { kind: 'products' } }] },
          'tabs.0.name',
          "Le nom de l'onglet doit contenir entre 1 et 50 caractères",
        ],
        [
          { tabs: [{ name: 'x'.repeat(51), content: { kind: 'products' } }] },
          'tabs.0.name',
          "Le nom de l'onglet doit contenir entre 1 et 50 caractères",
        ],
        [
          {
            tabs: [
              {
                name: 'A',
                content: { kind: 'products' },
                children: [{ name: 'B', content: { kind: 'products' }, children: [{ name: 'C', content: { kind: 'products' } }] }],
              },
            ],
          },
          'tabs.0.children.0.children',
          'Un sous-onglet ne peut pas avoir de sous-onglets (deux niveaux au maximum)',
        ],
        [
          { tabs: [{ name: 'A', content: { kind: 'text', text: '  ' } }] },
          'tabs.0.content.text',
          "Le texte de l'onglet doit contenir entre 1 et 10 000 caractères",
        ],
        [{ tabs: [{ name: 'A', content: { kind: 'video' } }] }, 'tabs.0.content.kind', "Le contenu de l'onglet doit être products ou text"],
        [
          { tabs: [{ name: 'A', content: { kind: 'products', filter: { prix: ['1'] } } }] },
          'tabs.0.content.filter',
          "Le filtre de l'onglet n'est pas valide",
        ],
        [{ tabs: 'Accueil' }, 'tabs', 'Les onglets doivent être une liste'],
      ] as Array<[unknown, string, string]>
    ).map(([body, field, message], i) => [`#${i} ${field}`, body, field, message] as const),
  )('%s → 400 naming the field', async (_label, body, field, message) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, message });
  });

  it('keeps the shop unchanged after a refused update', async () => {
    const page = await request(ctx.app).get('/v1/shops/by-name/domaine-demo');
    expect(page.body.editedShop.color).toBe('#7b1e3a');
    expect(page.body.tabs.map((t: { name: string }) => t.name)).toContain('Le domaine');
  });

  it('saves colour, header style and tabs; the public shop page shows them (hidden tabs left out, ids kept)', async () => {
    const before = await request(ctx.app).get('/v1/shops/me/page').set(bearer(owner));
    expect(before.status).toBe(200);
    const vins = before.body.tabs.find((t: { name: string }) => t.name === 'Nos vins');
    const accueil = before.body.tabs.find((t: { name: string }) => t.name === 'Accueil');
    const res = await put({
      editedShop: { color: '#123abc' },
      headerStyle: {
        logoPlacement: 'center',
        justifyContent: 'space-between',
        elevation: 4,
        border: true,
        logoShadow: true,
        isUppercase: true,
      },
      tabs: [
        {
          id: vins.id,
          name: 'Nos cuvées',
          exists: true,
          content: { kind: 'products', filter: { productType: ['bottle'] } },
          children: [
            { id: vins.children[0].id, name: 'Les rouges', exists: true, content: { kind: 'products', filter: { color: ['red'] } } },
          ],
        },
        { id: accueil.id, name: 'Accueil', exists: false, content: { kind: 'text', text: 'Bienvenue' } },
        { name: 'Nous trouver', exists: true, content: { kind: 'text', text: '12 chemin des Vignes, Orange' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Vos informations ont été mises à jour');
    expect(res.body.editedShop.color).toBe('#123abc');
    expect(res.body.headerStyle).toMatchObject({
      logoPlacement: 'center',
      justifyContent: 'space-between',
      elevation: 4,
      font: 'Georgia, serif',
    });
    expect(res.body.tabs.map((t: { name: string; exists: boolean }) => [t.name, t.exists])).toEqual([
      ['Nos cuvées', true],
      ['Accueil', false],
      ['Nous trouver', true],
    ]);

    const pub = await request(ctx.app).get('/v1/shops/by-name/domaine-demo');
    expect(pub.body.editedShop.color).toBe('#123abc');
    expect(pub.body.headerStyle).toMatchObject({ logoPlacement: 'center', border: true, isUppercase: true, dark: true });
    expect(pub.body.tabs.map((t: { name: string }) => t.name)).toEqual(['Nos cuvées', 'Nous trouver']);
    expect(pub.body.tabs[0].id).toBe(vins.id);
    expect(pub.body.tabs[0].children.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [vins.children[0].id, 'Les rouges'],
    ]);
    expect(pub.body.tabs[1].content).toEqual({ kind: 'text', text: '12 chemin des Vignes, Orange' });

    const after = await request(ctx.app).get('/v1/shops/me/page').set(bearer(iam));
    expect(after.body.tabs).toHaveLength(3);
    expect(after.body.tabs[1]).toMatchObject({ name: 'Accueil', exists: false });
  });

  it('stores an uploaded logo apart and serves it; https banners are kept as they are; clearing removes them', async () => {
    const res = await put({
      editedShop: { logo: `data:image/png;base64,${PNG}`, banner: 'https://images.example.com/vignes.jpg' },
      noMessage: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBeUndefined();
    const logo = res.body.editedShop.logo as string;
    expect(logo).toMatch(/^\/v1\/shops\/\d+\/images\/logo\?v=[\w-]+$/);
    expect(res.body.editedShop.banner).toBe('https://images.example.com/vignes.jpg');
    const img = await request(ctx.app).get(logo);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(Buffer.from(img.body).equals(Buffer.from(PNG, 'base64'))).toBe(true);
    // Sending the stored path back keeps it; another shop's path is refused.
    expect((await put({ editedShop: { logo } })).body.editedShop.logo).toBe(logo);
    const other = await put({ editedShop: { logo } }, owner2);
    expect(other.status).toBe(400);
    expect(other.body.field).toBe('editedShop.logo');
    const cleared = await put({ editedShop: { logo: null } });
    expect(cleared.body.editedShop.logo).toBeNull();
    expect((await request(ctx.app).get(logo)).status).toBe(404);
    expect((await request(ctx.app).get('/v1/shops/domaine-demo/images/favicon')).status).toBe(404);
  });

  it('is for the owner only (iam 403), and the editor page for owner and iam', async () => {
    expect((await put({ editedShop: { color: '#000000' } }, iam)).status).toBe(403);
    expect((await request(ctx.app).get('/v1/shops/me/page')).status).toBe(401);
  });
});
