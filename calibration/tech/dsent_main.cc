// Minimal command-line driver for gem5's ext/dsent (which ships only a Python binding):
// dsent_main CONFIG [KEY=VALUE ...] -- reads CONFIG, applies overrides, builds the model,
// evaluates EvaluateString (its "print" lines go to stdout).
#include <cstdio>
#include <map>
#include <string>
#include "DSENT.h"
#include "libutil/Config.h"
#include "model/std_cells/StdCellLib.h"
#include "tech/TechModel.h"
using namespace std;
using namespace LibUtil;
int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: dsent_main CONFIG [KEY=VALUE ...]\n"); return 1; }
    map<String, String> config;
    Log::allocate("/dev/null");
    LibUtil::readFile(argv[1], config);
    for (int i = 2; i < argc; i++) {
        String kv(argv[i]);
        size_t eq = kv.find('=');
        if (eq == string::npos) { fprintf(stderr, "bad override %s\n", argv[i]); return 1; }
        config[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    DSENT::TechModel *tech = new DSENT::TechModel();
    tech->readFile(config.at("ElectricalTechModelFilename"));
    tech->setStdCellLib(new DSENT::StdCellLib(tech));
    DSENT::Model *m = DSENT::buildModel(config, tech);
    map<string, double> out;
    DSENT::run(config, m, out);
    return 0;
}
