// SPDX-License-Identifier: GPL-3.0-or-later
#include "exitcode.h"

#include "error.h"

namespace cli {

int exitCodeFor(const lockcore::Error &error)
{
    using Kind = lockcore::Error::Kind;
    switch (error.kind) {
    case Kind::InvalidInput:
    case Kind::ReadOnly: // --read-only (or readonly=1) forbids what the command asked for
        return ExitUsage;
    case Kind::Cancelled:
        return ExitRefused;
    case Kind::DriverMissing:
    case Kind::Connection:
    case Kind::Authentication:
    case Kind::MissingSchema:
    case Kind::Database:
    case Kind::Duplicate:
    case Kind::ConnectionLost:
    case Kind::Busy:
    case Kind::Unavailable:
    case Kind::PermissionDenied:
        return ExitDatabase;
    }
    return ExitDatabase;
}

} // namespace cli
