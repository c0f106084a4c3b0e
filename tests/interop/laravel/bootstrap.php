<?php
// SPDX-License-Identifier: GPL-3.0-or-later
// Laravel's database cache store, as an application configures it (config/cache.php 'database'
// store, the default prefix), on the database in LOCKSCOPE_DB (the URL lockctl takes:
// postgresql://, mysql:// or mariadb://, sqlite:PATH). LOCKSCOPE_LARAVEL_PREFIX is the
// connection's table prefix (Laravel's DB_PREFIX), so that each test has its own tables.
// Used by the scripts next to it, run by tests/tst_interop_laravel.cpp.

declare(strict_types=1);

// Laravel 8 on PHP 8.2 deprecates a few things on the way; they are not what is tested.
error_reporting(E_ALL & ~E_DEPRECATED);

require_once getenv('LOCKSCOPE_LARAVEL_AUTOLOAD') ?: '/usr/share/php/Illuminate/autoload.php';

use Illuminate\Cache\CacheManager;
use Illuminate\Container\Container;
use Illuminate\Database\Capsule\Manager as Capsule;
use Illuminate\Support\Facades\Facade;

// The connection settings Laravel's config/database.php would hold for the URL.
function lockscope_connection(string $url, string $prefix): array
{
    if (preg_match('/^sqlite:(.+)$/', $url, $m) && !str_starts_with($m[1], '//')) {
        return ['driver' => 'sqlite', 'database' => $m[1], 'prefix' => $prefix];
    }
    $parts = parse_url($url);
    $drivers = ['postgresql' => 'pgsql', 'postgres' => 'pgsql', 'mysql' => 'mysql',
                'mariadb' => 'mysql'];
    if ($parts === false || !isset($drivers[$parts['scheme'] ?? ''])) {
        fwrite(STDERR, "unsupported LOCKSCOPE_DB URL\n"); // never the URL: it has the password
        exit(2);
    }
    $driver = $drivers[$parts['scheme']];
    $config = [
        'driver' => $driver,
        'host' => $parts['host'] ?? '127.0.0.1',
        'port' => $parts['port'] ?? ($driver === 'pgsql' ? 5432 : 3306),
        'database' => rawurldecode(ltrim($parts['path'] ?? '', '/')),
        'username' => rawurldecode($parts['user'] ?? ''),
        'password' => rawurldecode($parts['pass'] ?? ''),
        'prefix' => $prefix,
    ];
    // Laravel's defaults for these drivers (config/database.php).
    if ($driver === 'mysql') {
        $config += ['charset' => 'utf8mb4', 'collation' => 'utf8mb4_unicode_ci'];
    } else {
        $config += ['charset' => 'utf8', 'schema' => 'public', 'sslmode' => 'prefer'];
    }
    return $config;
}

// The application: its database and its cache manager (Cache::), on the 'database' store.
function lockscope_laravel(): Container
{
    $app = new Container();
    Container::setInstance($app);
    $capsule = new Capsule($app);
    $capsule->addConnection(lockscope_connection((string) getenv('LOCKSCOPE_DB'),
                                                 (string) getenv('LOCKSCOPE_LARAVEL_PREFIX')));
    $capsule->setAsGlobal();
    $app->instance('db', $capsule->getDatabaseManager());
    $config = $app['config'];
    $config['cache.default'] = 'database';
    // Laravel 8's config/cache.php: Str::slug(APP_NAME, '_').'_cache', prepended to every key.
    $config['cache.prefix'] = 'laravel_cache';
    $config['cache.stores.database'] = ['driver' => 'database', 'table' => 'cache',
                                        'connection' => null, 'lock_connection' => null];
    $app->instance('cache', new CacheManager($app));
    Facade::setFacadeApplication($app);
    return $app;
}

// The lock's row as Laravel's query builder reads it (the table prefix applies).
function lockscope_row(string $key): ?object
{
    return Capsule::table('cache_locks')->where('key', $key)->first();
}

// One line of JSON on stdout, at once (the test reads it while the script goes on).
function lockscope_say(array $fields): void
{
    fwrite(STDOUT, json_encode($fields, JSON_UNESCAPED_SLASHES) . "\n");
    fflush(STDOUT);
}

// What a script says once it holds `$lock`, named `$name`: the row's key is the name with the
// cache prefix (Lockscope's lock name), its owner and expiration as Laravel wrote them.
function lockscope_say_held(\Illuminate\Contracts\Cache\Lock $lock, string $name): void
{
    $key = \Illuminate\Support\Facades\Cache::getPrefix() . $name;
    $row = lockscope_row($key);
    lockscope_say(['acquired' => true, 'name' => $name, 'key' => $key, 'owner' => $lock->owner(),
                   'expiration' => $row ? (int) $row->expiration : null,
                   'php_time' => time()]);
}
