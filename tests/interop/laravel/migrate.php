<?php
// SPDX-License-Identifier: GPL-3.0-or-later
// php migrate.php up|down: runs Laravel's own `php artisan cache:table` migration (the stub the
// package ships) against LOCKSCOPE_DB: the tables cache and cache_locks, with the table prefix.

declare(strict_types=1);
require __DIR__ . '/bootstrap.php';

lockscope_laravel();
require_once dirname((new ReflectionClass(\Illuminate\Cache\CacheManager::class))->getFileName())
    . '/Console/stubs/cache.stub';
$migration = new CreateCacheTable();
if (($argv[1] ?? '') === 'down') {
    $migration->down();
} else {
    $migration->up();
}
lockscope_say(['migrated' => $argv[1] ?? 'up']);
