// A screen imports its stylesheet for the side effect (Vite bundles it); the type checker is told such
// an import names a file it need not read, so a mistyped path still fails in the build, not silently here.
declare module '*.css';
