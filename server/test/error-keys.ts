// Reads the server's source for the message keys its errors name (docs/decisions/064-errors-by-key.md):
// the key of every `new AppError(...)` (and `super(...)` of a class that extends it), of the
// helpers `notFound`, `invalid` and `sayApi`, the literal field messages of `invalid(...)` and of
// an AppError's `errors`, the literal messages of the schemas of modules and plugins (those of
// config.ts and of the outside services' payloads reach the log, not a client), and the literals
// of tables and answers typed with `ApiMessageKey`. Each must be a literal that is in the `api` section of
// both catalogs (a field message may be a validation key instead); a key that is not a literal
// must be one of the justified sources the caller names.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

type MessageTree = { readonly [key: string]: string | MessageTree };

export interface ScanCatalogs {
  /** The `api` section of each locale's portal catalog. */
  api: Record<string, MessageTree>;
  /** The `validation` section of each locale's portal catalog. */
  validation: Record<string, MessageTree>;
}

/** A key given as an expression, not a literal, and how its values are held to the catalog. */
export interface KeySource {
  file: string;
  /** The expression's text, exactly as written (or a pattern of it). */
  expression: string | RegExp;
  why: string;
  /** The key is this local function's first parameter: the first argument of its calls is checked instead. */
  followCallsOf?: string;
}

export interface KeyProblem {
  file: string;
  line: number;
  problem: string;
}

export interface ScanResult {
  problems: KeyProblem[];
  /** Every key literal found, as `file:line key`. */
  keys: string[];
  /** The key sources that were met. */
  sourcesUsed: Set<KeySource>;
}

/** The helpers whose argument at this index is an API message key. */
const KEY_ARGUMENT: Record<string, number> = { notFound: 0, invalid: 1, sayApi: 0 };
/** Zod's checks whose second argument is the message. */
const SCHEMA_CHECKS = new Set([
  'regex',
  'min',
  'max',
  'length',
  'refine',
  'gt',
  'gte',
  'lt',
  'lte',
  'startsWith',
  'endsWith',
]);

const textOf = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

function lookup(tree: MessageTree, key: string): string | undefined {
  let at: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof at !== 'object' || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
  }
  return typeof at === 'string' ? at : undefined;
}

/** Scans one file's text; `file` is its path from the repository's root. */
export function scanSource(
  file: string,
  text: string,
  catalogs: ScanCatalogs,
  sources: readonly KeySource[] = [],
): ScanResult {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const problems: KeyProblem[] = [];
  const keys: string[] = [];
  const sourcesUsed = new Set<KeySource>();
  const locales = Object.keys(catalogs.api);
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const problem = (node: ts.Node, what: string) => problems.push({ file, line: lineOf(node), problem: what });

  const apiKeyProblem = (key: string) => {
    const missing = locales.filter((locale) => !lookup(catalogs.api[locale]!, key)?.trim());
    return missing.length ? `'${key}' is not an API message key in ${missing.join(', ')}` : null;
  };
  const validationProblem = (message: string) => {
    const key = /^([a-z0-9_]+)(?:\|\d+)?$/.exec(message)?.[1];
    if (!key) return `'${message}' is neither an API message key nor a validation key`;
    const missing = locales.filter((locale) => !lookup(catalogs.validation[locale]!, key)?.trim());
    return missing.length
      ? `'${message}' is neither an API message key nor a validation key in ${missing.join(', ')}`
      : null;
  };

  /** A message key: a literal (or a choice between literals) in both catalogs, or a justified source. */
  const checkKey = (node: ts.Node) => {
    const literal = textOf(node);
    if (literal !== undefined) {
      keys.push(`${file}:${lineOf(node)} ${literal}`);
      const wrong = apiKeyProblem(literal);
      if (wrong) problem(node, wrong);
      return;
    }
    if (ts.isParenthesizedExpression(node)) return checkKey(node.expression);
    if (ts.isConditionalExpression(node)) {
      checkKey(node.whenTrue);
      checkKey(node.whenFalse);
      return;
    }
    const written = node.getText(source);
    const known = sources.find(
      (s) =>
        s.file === file &&
        (typeof s.expression === 'string' ? s.expression === written : s.expression.test(written)),
    );
    if (known) sourcesUsed.add(known);
    else problem(node, `the key \`${written}\` is not a literal`);
  };

  /** A field's message written as a literal: an API message key or a validation key. */
  const checkFieldLiteral = (node: ts.Node): void => {
    if (ts.isParenthesizedExpression(node)) return checkFieldLiteral(node.expression);
    if (ts.isConditionalExpression(node)) {
      checkFieldLiteral(node.whenTrue);
      checkFieldLiteral(node.whenFalse);
      return;
    }
    const literal = textOf(node);
    if (literal === undefined) return;
    keys.push(`${file}:${lineOf(node)} ${literal}`);
    if (apiKeyProblem(literal) === null) return;
    const wrong = validationProblem(literal);
    if (wrong) problem(node, wrong);
  };

  /** Every literal in the arrays of a field errors object (nested spreads and choices included). */
  const checkFieldErrors = (node: ts.Node) => {
    const visit = (child: ts.Node) => {
      if (ts.isArrayLiteralExpression(child)) child.elements.forEach(checkFieldLiteral);
      else if (ts.isCallExpression(child)) return; // sayKey(...), said(...), missing.map(said): typed
      ts.forEachChild(child, visit);
    };
    visit(node);
  };

  /** Literals in an initializer or answer typed with ApiMessageKey (property names aside). */
  const checkTypedLiterals = (node: ts.Node) => {
    const visit = (child: ts.Node) => {
      if (ts.isPropertyAssignment(child)) return visit(child.initializer);
      if (textOf(child) !== undefined) return checkKey(child);
      ts.forEachChild(child, visit);
    };
    visit(node);
  };

  const extendsAppError = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (ts.isClassDeclaration(at) || ts.isClassExpression(at))
        return Boolean(
          at.heritageClauses?.some((clause) =>
            clause.types.some((type) => type.expression.getText(source) === 'AppError'),
          ),
        );
    }
    return false;
  };

  // The schemas of the configuration and of outside payloads speak to the log, not to a client.
  const schemaMessages = /^server\/(modules|plugins)\//.test(file);
  // Types of this file that hold a key (`interface ErrorAnswer { key: ApiMessageKey }`), and the
  // variables declared with one: the literals given them are keys.
  const keyTypes = new Set<string>();
  ts.forEachChild(source, (node) => {
    if (
      (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) &&
      /\bApiMessageKey\b/.test(node.getText(source))
    )
      keyTypes.add(node.name.text);
  });
  const holdsKey = (type: ts.TypeNode) => {
    const written = type.getText(source);
    return (
      /\bApiMessageKey\b/.test(written) ||
      [...keyTypes].some((name) => new RegExp(`\\b${name}\\b`).test(written))
    );
  };
  const keyVariables = new Set<string>();
  const followed = new Set(
    sources.filter((s) => s.file === file && s.followCallsOf).map((s) => s.followCallsOf!),
  );

  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'AppError') {
      const [, key, options] = node.arguments ?? [];
      if (key) checkKey(key);
      else problem(node, 'an AppError without a key');
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (ts.isPropertyAssignment(property) && property.name.getText(source) === 'errors')
            checkFieldErrors(property.initializer);
        }
      }
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.SuperKeyword && extendsAppError(node)) {
        const key = node.arguments[1];
        if (key) checkKey(key);
        else problem(node, 'an AppError without a key');
      } else if (ts.isIdentifier(callee)) {
        const index = KEY_ARGUMENT[callee.text];
        if (index !== undefined && node.arguments[index]) checkKey(node.arguments[index]);
        if (callee.text === 'invalid' && node.arguments[0]) checkFieldErrors(node.arguments[0]);
        if (followed.has(callee.text) && node.arguments[0]) checkKey(node.arguments[0]);
      } else if (schemaMessages && ts.isPropertyAccessExpression(callee)) {
        // A schema's message: what the error handler answers at the field.
        const name = callee.name.text;
        const [first, second] = node.arguments;
        if (SCHEMA_CHECKS.has(name) && second) {
          if (ts.isObjectLiteralExpression(second)) checkMessageProperties(second);
          else checkFieldLiteral(second);
        }
        if (name === 'addIssue' && first && ts.isObjectLiteralExpression(first))
          checkMessageProperties(first);
        if (ts.isIdentifier(callee.expression) && callee.expression.text === 'z') {
          for (const argument of node.arguments)
            if (ts.isObjectLiteralExpression(argument)) checkMessageProperties(argument);
        }
      }
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left)) &&
      node.left.expression.getText(source) === 'errors'
    ) {
      checkFieldErrors(node.right);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      keyVariables.has(node.left.text)
    ) {
      checkTypedLiterals(node.right);
    } else if (ts.isVariableDeclaration(node) && node.type && holdsKey(node.type)) {
      if (ts.isIdentifier(node.name)) keyVariables.add(node.name.text);
      if (node.initializer) checkTypedLiterals(node.initializer);
    } else if (ts.isFunctionLike(node) && node.type && holdsKey(node.type)) {
      const body = (node as ts.FunctionLikeDeclarationBase).body;
      const answer = (child: ts.Node): void => {
        if (ts.isFunctionLike(child)) return;
        if (ts.isReturnStatement(child) && child.expression) checkTypedLiterals(child.expression);
        ts.forEachChild(child, answer);
      };
      if (body && ts.isBlock(body)) ts.forEachChild(body, answer);
      else if (body) checkTypedLiterals(body);
    }
    ts.forEachChild(node, visit);
  };

  /** `{ message }` and `{ error }` written as literals in a schema's options or issue. */
  function checkMessageProperties(object: ts.ObjectLiteralExpression) {
    for (const property of object.properties) {
      if (ts.isPropertyAssignment(property) && ['message', 'error'].includes(property.name.getText(source)))
        checkFieldLiteral(property.initializer);
    }
  }

  visit(source);
  return { problems, keys, sourcesUsed };
}

/** Every source file of the server (tests aside), as paths from the repository's root. */
export function serverSourceFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return walk(relative);
      return /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [relative] : [];
    });
  return walk('server').sort();
}
