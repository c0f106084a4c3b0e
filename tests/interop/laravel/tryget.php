<?php
// SPDX-License-Identifier: GPL-3.0-or-later
// php tryget.php NAME [SECONDS]: a task that runs only when it gets the lock NAME (Cache::lock(
// NAME, SECONDS)->get(callback): the callback runs and the lock is released after it), as the
// scheduler's next run or a unique job. Prints {"acquired": true|false, ...}; exit 0 either way.

declare(strict_types=1);
require __DIR__ . '/bootstrap.php';

use Illuminate\Support\Facades\Cache;

lockscope_laravel();
$name = $argv[1];
$lock = Cache::lock($name, (int) ($argv[2] ?? 60));
$ran = $lock->get(function () use ($lock, $name) {
    lockscope_say_held($lock, $name);
    return true;
});
// Released: Laravel deleted its row after the callback.
$gone = lockscope_row(Cache::getPrefix() . $name) === null;
lockscope_say(['acquired' => (bool) $ran, 'released' => $ran ? $gone : null]);
