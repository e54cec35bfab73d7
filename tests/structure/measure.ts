/**
 * The structure's figures (issue 47), measured with the TypeScript compiler so they can be taken again on any commit:
 *   bun tests/structure/measure.ts [--repo DIR] [--json]
 * DIR is a checkout of the repository (default: the current directory); it is read, never changed.
 *
 * 1. Scan → alert email: a depth-first walk of the call graph from the scan job's entry (`scanFares` in
 *    src/server/jobs.ts) and then from the email delivery job as jobs.ts wires it (`deliverAllDueEmails`, which
 *    renders a queued alert and hands it to the `Mailer`). Each function is walked once, its calls in source order,
 *    nested closures included; a function passed by name (a callback) counts as called where it is passed.
 *    Calls are resolved by these rules, the same on every commit:
 *    - a direct call: the checker's declaration (imports followed), when it has a body under src/ or db/;
 *    - a call through a member of an interface or an options type (`options.afterDeals()`, `deps.fares.search()`):
 *      the values the program wires to that member (object literals typed by it, classes implementing it). One
 *      value: walked into. Several (fare sources, billing, mailers) or none: the walk goes to the file declaring the
 *      member (the reader reads the contract) and stops there;
 *    - a call through a registry keyed by kind (`templates[row.kind]`): the entry of the object literal of that type
 *      whose computed key is the kind an alert email is queued with (`DEAL_ALERT_KIND`); a factory call there is
 *      walked (it builds the renderer).
 *    A hop is a call into a function not yet walked in another file than the caller's. The file sequence lists the
 *    hops' files in order; a return to a file already left is a hop into a file the walk has been in before (the
 *    plain return from a callee to its caller is not a hop). Calls into packages are not followed.
 * 2. Upward imports: an import from one part to another (a part is what tests/lint/import-boundaries.ts calls one:
 *    a folder of src/server, one of src/server's own files, src/domain, src/client, db) is upward when the imported
 *    part imports the importing part back, directly or through other parts: the two sit on a cycle of the part
 *    graph, so neither is below the other. Counted per import statement (type-only ones too, as Biome counts
 *    cycles), with the part pairs.
 * 3. Per folder of src/server, src/client, src/domain (each directory, and each part): files, lines, exported
 *    names (the checker's exports of each module, types included) and `export` statements (lines starting with
 *    `export `, the count issue 47 quotes).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";

const { values: args } = parseArgs({
  options: { repo: { type: "string", default: "." }, json: { type: "boolean", default: false }, kind: { type: "string", default: "DEAL_ALERT_KIND" } },
});
const ROOT = resolve(args.repo!);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const files = [...sourceFiles(join(ROOT, "src")), ...sourceFiles(join(ROOT, "db"))];
const program = ts.createProgram(files, {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  strict: true,
  allowImportingTsExtensions: true,
  noEmit: true,
  resolveJsonModule: true,
  skipLibCheck: true,
  types: [],
});
const checker = program.getTypeChecker();
const rel = (path: string) => relative(ROOT, path);
const ours = (node: ts.Node) => {
  const file = node.getSourceFile();
  return !file.isDeclarationFile && !file.fileName.includes("node_modules") && /^(src|db)\//.test(rel(file.fileName));
};

// ---------------------------------------------------------------------------------------------------------------
// 1. The call-graph walk
// ---------------------------------------------------------------------------------------------------------------

type FunctionNode = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.ConstructorDeclaration;
const isFunctionNode = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node);

/** What a wired value leads to: a function to walk, or a factory call whose function is walked. */
function functionOfValue(value: ts.Expression | undefined): FunctionNode | undefined {
  if (!value) return undefined;
  if (ts.isParenthesizedExpression(value) || ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) return functionOfValue(value.expression);
  if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
  if (ts.isCallExpression(value) || ts.isIdentifier(value) || ts.isPropertyAccessExpression(value)) {
    const target = ts.isCallExpression(value) ? value.expression : value;
    const found = declaredFunction(symbolOf(target));
    return found;
  }
  return undefined;
}

function symbolOf(node: ts.Node): ts.Symbol | undefined {
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol;
}

/** The function a symbol declares with a body in our code, if it does. */
function declaredFunction(symbol: ts.Symbol | undefined): FunctionNode | undefined {
  for (const declaration of symbol?.declarations ?? []) {
    if (!ours(declaration)) continue;
    if (isFunctionNode(declaration) && declaration.body) return declaration;
    if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration)) && declaration.initializer) {
      const initializer = declaration.initializer;
      if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
    }
    if (ts.isClassDeclaration(declaration)) return declaration.members.find(ts.isConstructorDeclaration);
  }
  return undefined;
}

/** Member declarations (of interfaces and option types) → the values the program wires to them. */
const wiredTo = new Map<ts.Node, Set<ts.Node>>();
/** Object literals with computed keys (registries) by their type's text. */
const registries = new Map<string, ts.ObjectLiteralExpression[]>();

function wire(member: ts.Symbol | undefined, value: ts.Node) {
  for (const declaration of member?.declarations ?? []) {
    if (declaration === value || (declaration as ts.Node).parent === value.parent) continue;
    if (!wiredTo.has(declaration)) wiredTo.set(declaration, new Set());
    wiredTo.get(declaration)!.add(value);
  }
}

function indexWiring(node: ts.Node) {
  if (ts.isObjectLiteralExpression(node)) {
    const type = checker.getContextualType(node);
    if (type) {
      const types = type.isUnion() ? type.types : [type];
      for (const property of node.properties) {
        if (property.name && ts.isComputedPropertyName(property.name)) {
          const key = checker.typeToString(type);
          registries.set(key, [...(registries.get(key) ?? []), node]);
          continue;
        }
        const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
        if (!name) continue;
        for (const each of types) wire(checker.getPropertyOfType(each, name), property);
      }
    }
  }
  if (ts.isClassDeclaration(node)) {
    for (const clause of node.heritageClauses ?? []) {
      for (const implemented of clause.types) {
        const type = checker.getTypeAtLocation(implemented);
        for (const member of node.members) {
          if (member.name && ts.isIdentifier(member.name)) wire(checker.getPropertyOfType(type, member.name.text), member);
        }
      }
    }
  }
  ts.forEachChild(node, indexWiring);
}
for (const file of program.getSourceFiles()) if (ours(file)) indexWiring(file);
const wiredValues = new Set([...wiredTo].filter(([member]) => ours(member)).flatMap(([, values]) => [...values]));

/** The function a wired value (a property, a method, a class member) leads to. */
function functionOfWired(value: ts.Node): FunctionNode | undefined {
  if (isFunctionNode(value)) return value;
  if (ts.isPropertyAssignment(value) || ts.isPropertyDeclaration(value)) return functionOfValue(value.initializer);
  if (ts.isShorthandPropertyAssignment(value)) return declaredFunction(checker.getShorthandAssignmentValueSymbol(value));
  return undefined;
}

type Resolution = { walk: FunctionNode } | { contract: ts.Node; why: string } | undefined;

/** A call through a registry: `const render = templates[row.kind]; render(row)` or `templates[row.kind](row)`. */
function resolveRegistry(access: ts.ElementAccessExpression): Resolution {
  const key = checker.typeToString(checker.getTypeAtLocation(access.expression));
  for (const literal of registries.get(key) ?? []) {
    for (const property of literal.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isComputedPropertyName(property.name)) continue;
      if (property.name.expression.getText() !== args.kind) continue;
      const walk = functionOfValue(property.initializer);
      if (walk) return { walk };
    }
  }
  return { contract: access, why: `registry ${key} has no ${args.kind} entry` };
}

function resolveCall(callee: ts.Expression): Resolution {
  if (ts.isElementAccessExpression(callee)) return resolveRegistry(callee);
  const symbol = symbolOf(callee);
  const direct = declaredFunction(symbol);
  if (direct) return { walk: direct };
  for (const declaration of symbol?.declarations ?? []) {
    if (!ours(declaration)) continue;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      let initializer: ts.Expression = declaration.initializer;
      while (ts.isNonNullExpression(initializer) || ts.isParenthesizedExpression(initializer)) initializer = initializer.expression;
      if (ts.isElementAccessExpression(initializer)) return resolveRegistry(initializer);
    }
    let member: ts.Node = declaration;
    if (ts.isBindingElement(declaration)) {
      const pattern = checker.getTypeAtLocation(declaration.parent);
      const name = (declaration.propertyName ?? declaration.name).getText();
      member = checker.getPropertyOfType(pattern, name)?.declarations?.[0] ?? declaration;
    }
    if (ts.isPropertySignature(member) || ts.isMethodSignature(member) || ts.isPropertyDeclaration(member)) {
      const values = [...(wiredTo.get(member) ?? [])].map(functionOfWired).filter((each): each is FunctionNode => !!each);
      const distinct = [...new Set(values)];
      if (distinct.length === 1) return { walk: distinct[0]! };
      return { contract: member, why: `${distinct.length} implementations` };
    }
  }
  return undefined;
}

const nameOf = (fn: ts.Node): string => {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return fn.name.getText();
  if (ts.isConstructorDeclaration(fn)) return `new ${(fn.parent as ts.ClassDeclaration).name?.getText() ?? "class"}`;
  const parent = fn.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText();
  if (ts.isPropertySignature(fn) || ts.isMethodSignature(fn)) return `${(fn.parent as ts.InterfaceDeclaration).name?.getText() ?? "type"}.${fn.name.getText()}`;
  const outer = ts.findAncestor(fn.parent, isFunctionNode);
  return outer ? `${nameOf(outer)} (closure)` : "(anonymous)";
};

interface Hop {
  depth: number;
  from: string;
  to: string;
  name: string;
  returning: boolean;
  /** Into a file whose function is still running below on the call stack: a call back (a callback, a loop between two files). */
  back: boolean;
  contract?: string;
}

function walkFlow(entries: FunctionNode[]) {
  const walked = new Set<ts.Node>();
  const visitedFiles = new Set<string>();
  const hops: Hop[] = [];
  const running: string[] = [];

  const enter = (from: string, target: ts.Node, depth: number, name: string, contract?: string) => {
    const to = rel(target.getSourceFile().fileName);
    if (to === from) return;
    hops.push({ depth, from, to, name, returning: visitedFiles.has(to), back: running.includes(to), contract });
    visitedFiles.add(to);
  };

  const walk = (fn: FunctionNode, depth: number) => {
    if (walked.has(fn)) return;
    walked.add(fn);
    const file = rel(fn.getSourceFile().fileName);
    visitedFiles.add(file);
    running.push(file);
    const follow = (resolution: Resolution) => {
      if (!resolution) return;
      if ("walk" in resolution) {
        if (walked.has(resolution.walk)) return;
        enter(file, resolution.walk, depth + 1, nameOf(resolution.walk));
        walk(resolution.walk, depth + 1);
      } else if (!walked.has(resolution.contract)) {
        walked.add(resolution.contract);
        enter(file, resolution.contract, depth + 1, nameOf(resolution.contract), resolution.why);
      }
    };
    const visit = (node: ts.Node) => {
      // A function wired to a member (`{ afterDeals: async () => … }`) runs when that member is called, not here.
      if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isPropertyAssignment(node.parent) && wiredValues.has(node.parent)) return;
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        ts.forEachChild(node, visit);
        follow(resolveCall(node.expression));
        for (const argument of node.arguments ?? []) {
          if (ts.isIdentifier(argument) || ts.isPropertyAccessExpression(argument)) {
            const passed = declaredFunction(symbolOf(argument));
            if (passed) follow({ walk: passed });
          }
        }
        return;
      }
      ts.forEachChild(node, visit);
    };
    if (fn.body) visit(fn.body);
    running.pop();
  };

  for (const entry of entries) {
    const file = rel(entry.getSourceFile().fileName);
    hops.push({ depth: 0, from: "", to: file, name: nameOf(entry), returning: visitedFiles.has(file), back: false });
    walk(entry, 0);
  }
  return { hops, files: [...visitedFiles], walked };
}

function findFunction(file: string, name: string): FunctionNode | undefined {
  const source = program.getSourceFile(join(ROOT, file));
  let found: FunctionNode | undefined;
  const visit = (node: ts.Node) => {
    if (!found && isFunctionNode(node) && nameOf(node) === name) found = node;
    ts.forEachChild(node, visit);
  };
  if (source) visit(source);
  return found;
}

/** The delivery job's entry as jobs.ts runs it: the call to deliverAllDueEmails inside startJobs. */
function deliveryEntry(): FunctionNode | undefined {
  const startJobs = findFunction("src/server/jobs.ts", "startJobs");
  let found: FunctionNode | undefined;
  const visit = (node: ts.Node) => {
    if (!found && ts.isCallExpression(node) && node.expression.getText() === "deliverAllDueEmails") found = declaredFunction(symbolOf(node.expression));
    ts.forEachChild(node, visit);
  };
  if (startJobs) visit(startJobs);
  return found;
}

const scanEntry = findFunction("src/server/jobs.ts", "scanFares");
const delivery = deliveryEntry();
if (!scanEntry || !delivery) throw new Error(`entry not found: scanFares ${!!scanEntry}, deliverAllDueEmails in startJobs ${!!delivery}`);
const flow = walkFlow([scanEntry, delivery]);
const walkedNames = new Set([...flow.walked].map((node) => `${rel(node.getSourceFile().fileName)}#${nameOf(node)}`));
const reached = {
  alertRenderer: [...walkedNames].some((name) => name.endsWith("#dealAlertRenderer")),
  alertTemplate: flow.files.some((file) => file.endsWith("mail/templates/deal-alert.ts")),
  sender: [...walkedNames].some((name) => name.endsWith("#Mailer.send")),
};

// ---------------------------------------------------------------------------------------------------------------
// 2. Upward imports
// ---------------------------------------------------------------------------------------------------------------

/** The part of a path, as tests/lint/import-boundaries.ts names them. */
function partOf(path: string): string | undefined {
  const server = path.match(/^src\/server\/([^/]+)(\/)?/);
  if (server) return server[2] ? `src/server/${server[1]}` : path;
  return ["src/domain", "src/client", "db"].find((part) => path === part || path.startsWith(`${part}/`));
}

interface ImportEdge {
  file: string;
  target: string;
  from: string;
  to: string;
  typeOnly: boolean;
}
const imports: ImportEdge[] = [];
for (const source of program.getSourceFiles()) {
  if (!ours(source)) continue;
  const file = rel(source.fileName);
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith(".")) return;
    const target = relative(ROOT, resolve(dirname(source.fileName), specifier));
    const from = partOf(file);
    const to = partOf(target);
    if (from && to && from !== to) imports.push({ file, target, from, to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node)
        ? !!node.importClause?.isTypeOnly ||
          (!!node.importClause &&
            !node.importClause.name &&
            !!node.importClause.namedBindings &&
            ts.isNamedImports(node.importClause.namedBindings) &&
            node.importClause.namedBindings.elements.every((element) => element.isTypeOnly))
        : node.isTypeOnly;
      add(node.moduleSpecifier.text, typeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** Parts that reach each other through imports (Tarjan's strongly connected components). */
function cycleGroups(edges: ImportEdge[]): Map<string, number> {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!graph.has(edge.from)) graph.set(edge.from, new Set());
    if (!graph.has(edge.to)) graph.set(edge.to, new Set());
    graph.get(edge.from)!.add(edge.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const group = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  let groups = 0;
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const next of graph.get(node)!) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (!group.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      let member: string;
      do {
        member = stack.pop()!;
        group.set(member, groups);
      } while (member !== node);
      groups++;
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return group;
}
const groups = cycleGroups(imports);
const upward = imports.filter((edge) => groups.get(edge.from) === groups.get(edge.to));
const upwardPairs = new Map<string, { all: number; typeOnly: number }>();
for (const edge of upward) {
  const key = `${edge.from} → ${edge.to}`;
  const counts = upwardPairs.get(key) ?? { all: 0, typeOnly: 0 };
  counts.all++;
  if (edge.typeOnly) counts.typeOnly++;
  upwardPairs.set(key, counts);
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Files, lines and exports per folder
// ---------------------------------------------------------------------------------------------------------------

interface FolderFigures {
  files: number;
  lines: number;
  exportedNames: number;
  exportStatements: number;
}
const byDirectory = new Map<string, FolderFigures>();
const byPart = new Map<string, FolderFigures>();
const add = (map: Map<string, FolderFigures>, key: string, figures: FolderFigures) => {
  const sum = map.get(key) ?? { files: 0, lines: 0, exportedNames: 0, exportStatements: 0 };
  for (const name of Object.keys(sum) as (keyof FolderFigures)[]) sum[name] += figures[name];
  map.set(key, sum);
};
for (const source of program.getSourceFiles()) {
  if (!ours(source)) continue;
  const file = rel(source.fileName);
  if (!/^src\/(server|client|domain)\//.test(file)) continue;
  const text = readFileSync(source.fileName, "utf8");
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const figures = {
    files: 1,
    lines: text.split("\n").length - (text.endsWith("\n") ? 1 : 0),
    exportedNames: moduleSymbol ? checker.getExportsOfModule(moduleSymbol).length : 0,
    exportStatements: text.split("\n").filter((line) => line.startsWith("export ")).length,
  };
  add(byDirectory, dirname(file), figures);
  const part = partOf(file)!;
  add(byPart, part.endsWith(".ts") || part.endsWith(".tsx") ? "src/server (own files)" : part, figures);
}

// ---------------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------------

const returns = flow.hops.filter((hop) => hop.returning).length;
const callsBack = flow.hops.filter((hop) => hop.back);

/** The same walk seen coarser: only the server's own files (src/domain's pure helpers and db/ left out), or by folder. */
function coarser(keyOf: (file: string) => string | undefined) {
  const seen = new Set<string>();
  let returning = 0;
  const sequence: string[] = [];
  for (const hop of flow.hops) {
    const key = keyOf(hop.to);
    if (key === undefined || key === (hop.from ? keyOf(hop.from) : undefined)) continue;
    if (seen.has(key)) returning++;
    seen.add(key);
    sequence.push(key);
  }
  return { visited: seen.size, returns: returning, sequence };
}
const serverOnly = coarser((file) => (file.startsWith("src/server/") ? file : undefined));
const byFolder = coarser((file) => dirname(file));
const report = {
  repo: ROOT,
  flow: { files: flow.files.length, hops: flow.hops.length - 2, returns, callsBack: callsBack.length, reached, serverOnly, byFolder, sequence: flow.hops },
  upward: {
    imports: upward.length,
    typeOnly: upward.filter((edge) => edge.typeOnly).length,
    crossPart: imports.length,
    pairs: Object.fromEntries(upwardPairs),
  },
  byDirectory: Object.fromEntries([...byDirectory].sort()),
  byPart: Object.fromEntries([...byPart].sort()),
};

if (args.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(`Scan → alert email (scanFares, then deliverAllDueEmails as jobs.ts runs it), ${ROOT}`);
  for (const hop of flow.hops) {
    const mark = hop.back ? "⟲ " : hop.returning ? "↩ " : "  ";
    const contract = hop.contract ? `  [contract: ${hop.contract}]` : "";
    console.log(`${"  ".repeat(hop.depth)}${mark}${hop.to}  ${hop.name}${contract}`);
  }
  console.log(`files visited: ${flow.files.length}; hops: ${report.flow.hops}; returns to a file already left: ${returns}`);
  console.log(`calls back into a file still running below (⟲): ${callsBack.length}${callsBack.map((hop) => `; ${hop.from} → ${hop.to} ${hop.name}`).join("")}`);
  console.log(`src/server files only: ${serverOnly.visited} files, ${serverOnly.returns} returns to a file already left`);
  console.log(`by folder: ${byFolder.visited} folders, ${byFolder.returns} returns to a folder already left (--json lists them)`);
  console.log(`reached: alert renderer ${reached.alertRenderer}, alert template ${reached.alertTemplate}, Mailer.send ${reached.sender}`);
  console.log(
    `\nUpward imports (on a cycle of the part graph): ${upward.length} of ${imports.length} cross-part imports (${report.upward.typeOnly} type-only)`,
  );
  for (const [pair, counts] of upwardPairs) console.log(`  ${pair}: ${counts.all}${counts.typeOnly ? ` (${counts.typeOnly} type-only)` : ""}`);
  const table = (title: string, map: Map<string, FolderFigures>) => {
    console.log(`\n${title}\n| folder | files | lines | exported names | export statements |\n|---|--:|--:|--:|--:|`);
    for (const [folder, f] of [...map].sort()) console.log(`| ${folder} | ${f.files} | ${f.lines} | ${f.exportedNames} | ${f.exportStatements} |`);
  };
  table("Per part", byPart);
  table("Per directory", byDirectory);
}
