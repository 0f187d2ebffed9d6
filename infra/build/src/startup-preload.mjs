// Preload hints in index.html for the chunks the shell's entry imports at once (docs/decisions/025).
// main.ts keeps its async boundary, `import('./bootstrap')`: the bootstrap chunk (the shell's app code)
// and the design system's style sheet were requested only once main.js had run, one round trip after
// the page's scripts. With a preload each starts in the first round trip after the HTML; the runtime
// then finds the file already downloaded (or on its way) when it asks for it.
// Since decision 033 main.ts imports the bootstrap in webpack's `eager` mode (its code is in main.js),
// so the shell's build has nothing to hint here today; the plugin keeps a future dynamic import of
// main.ts from costing a round trip.

const NAME = 'PortalStartupPreloadPlugin';

/** Files (JS and CSS) of the chunk groups that `entryModule`'s own dynamic imports create. */
export function startupFiles(chunkGroups, entryModule) {
  const files = new Set();
  for (const group of chunkGroups) {
    const fromEntry = (group.origins ?? []).some((origin) => entryModule.test(origin.module?.resource ?? ''));
    if (!fromEntry) continue;
    for (const chunk of group.chunks) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
  }
  // Style sheets first: they hold back the first paint, scripts only the first render.
  return [...files].sort((a, b) => Number(a.endsWith('.js')) - Number(b.endsWith('.js')));
}

/** A `<link rel="preload">` tag for HtmlRspackPlugin. */
export function preloadTag(publicPath, file) {
  return {
    tagName: 'link',
    voidTag: true,
    attributes: { rel: 'preload', href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' },
  };
}

export class StartupPreloadPlugin {
  /** @param {{ entryModule?: RegExp }} [options] the entry module whose dynamic imports are preloaded */
  constructor({ entryModule = /[\\/]src[\\/]main\.ts$/ } = {}) {
    this.entryModule = entryModule;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const hooks = compiler.webpack.HtmlRspackPlugin.getCompilationHooks(compilation);
      hooks.alterAssetTagGroups.tapPromise(NAME, async (data) => {
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
        const tags = startupFiles(compilation.chunkGroups, this.entryModule).map((file) => preloadTag(publicPath, file));
        data.headTags.push(...tags);
        return data;
      });
    });
  }
}
