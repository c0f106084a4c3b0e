#include "exitcode.h"

#include "error.h"

namespace lockctl {

int exitCodeFor(const lockcore::Error &error)
{
    using Kind = lockcore::Error::Kind;
    switch (error.kind) {
    case Kind::InvalidInput:
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
        return ExitDatabase;
    }
    return ExitDatabase;
}

} // namespace lockctl
