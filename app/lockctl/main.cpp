#include "commandline.h"
#include "toolmain.h"

using namespace Qt::StringLiterals;

int main(int argc, char **argv)
{
    return cli::toolMain(argc, argv, u"lockctl"_s, lockctl::run);
}
