# COIN-OR Clp and CoinUtils for the wasm trainer, built from Debian's source
# packages (the same releases as the native build's coinor-libclp-dev and
# coinor-libcoinutils-dev), so that the trainer in the page solves the same
# ranking LP with the same solver as the native lltrain (docs/training-lp.md,
# "In the browser"). Downloaded once per build folder, checked by SHA-256.
# Defines the static libraries ll_coinutils and ll_clp.
include(FetchContent)

set(LL_DEBIAN_POOL "http://deb.debian.org/debian/pool/main/c" CACHE STRING
    "Where Debian's source packages are downloaded from")
FetchContent_Declare(ll_coinutils_source
  URL "${LL_DEBIAN_POOL}/coinutils/coinutils_2.11.4+repack1.orig.tar.xz"
  URL_HASH SHA256=a9d2bdcb22a00a571c397ce55c3107730729f7d07fb3e60f1058668c5884c074
  DOWNLOAD_EXTRACT_TIMESTAMP TRUE)
FetchContent_Declare(ll_clp_source
  URL "${LL_DEBIAN_POOL}/clp/clp_1.17.6.orig.tar.gz"
  URL_HASH SHA256=2c7d8737c408a362ccea2ffed024dab46ba4903d31e69465959cb3fc4977340b
  DOWNLOAD_EXTRACT_TIMESTAMP TRUE)
# Only the sources: their autotools builds are not used.
FetchContent_GetProperties(ll_coinutils_source)
if(NOT ll_coinutils_source_POPULATED)
  FetchContent_Populate(ll_coinutils_source)
endif()
FetchContent_GetProperties(ll_clp_source)
if(NOT ll_clp_source_POPULATED)
  FetchContent_Populate(ll_clp_source)
endif()
set(LL_COINUTILS_SRC "${ll_coinutils_source_SOURCE_DIR}/CoinUtils/src")
set(LL_CLP_SRC "${ll_clp_source_SOURCE_DIR}/Clp/src")

# The configure headers autotools would write, for a wasm32 target without
# zlib, bzlib, BLAS, LAPACK or the Cholesky back ends.
set(LL_COIN_CONFIG_DIR "${CMAKE_CURRENT_BINARY_DIR}/coin_config")
file(WRITE "${LL_COIN_CONFIG_DIR}/coinutils/config.h" "\
#define COINUTILS_VERSION \"2.11.4\"
#define COINUTILS_VERSION_MAJOR 2
#define COINUTILS_VERSION_MINOR 11
#define COINUTILS_VERSION_RELEASE 4
#define COINUTILS_HAS_CSTDINT 1
#define COINUTILS_HAS_STDINT_H 1
#define COIN_COINUTILS_CHECKLEVEL 0
#define COIN_COINUTILS_VERBOSITY 0
#define COIN_C_FINITE std::isfinite
#define COIN_C_ISNAN std::isnan
#define COIN_INT64_T int64_t
#define COIN_UINT64_T uint64_t
#define COIN_INTPTR_T intptr_t
#define HAVE_CFLOAT 1
#define HAVE_CINTTYPES 1
#define HAVE_CMATH 1
#define HAVE_CSTDINT 1
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define SIZEOF_INT 4
#define SIZEOF_INT_P 4
#define SIZEOF_LONG 4
#define SIZEOF_LONG_LONG 8
#define STDC_HEADERS 1
")
file(WRITE "${LL_COIN_CONFIG_DIR}/public/config_coinutils.h" "\
#define COINUTILS_VERSION \"2.11.4\"
#define COINUTILS_VERSION_MAJOR 2
#define COINUTILS_VERSION_MINOR 11
#define COINUTILS_VERSION_RELEASE 4
#define COINUTILS_HAS_CSTDINT 1
#define COINUTILS_HAS_STDINT_H 1
#define COIN_INT64_T int64_t
#define COIN_UINT64_T uint64_t
#define COIN_INTPTR_T intptr_t
")
file(WRITE "${LL_COIN_CONFIG_DIR}/clp/config.h" "\
#define CLP_VERSION \"1.17.6\"
#define CLP_VERSION_MAJOR 1
#define CLP_VERSION_MINOR 17
#define CLP_VERSION_RELEASE 6
#define COIN_CLP_CHECKLEVEL 0
#define COIN_CLP_VERBOSITY 0
#define COIN_HAS_COINUTILS 1
#define HAVE_CFLOAT 1
#define HAVE_CMATH 1
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define STDC_HEADERS 1
")
file(WRITE "${LL_COIN_CONFIG_DIR}/public/config_clp.h" "\
#define CLP_VERSION \"1.17.6\"
#define CLP_VERSION_MAJOR 1
#define CLP_VERSION_MINOR 17
#define CLP_VERSION_RELEASE 6
")

# Library sources as in the packages' Makefile.am (without the ABC simplex,
# which Debian's build leaves out too, and the Cholesky back ends), less the
# 23 the trainer's link never pulls from the archives (`-Wl,--trace`): the
# constraint, GUB, dynamic-example and dummy matrices, the C interface, the
# parameter, search-tree, snapshot and warm-start-dual/vector classes.
set(LL_COINUTILS_SOURCES
  CoinBuild CoinDenseVector CoinError CoinFactorization1 CoinFactorization2
  CoinFactorization3 CoinFactorization4 CoinSimpFactorization CoinDenseFactorization
  CoinOslFactorization CoinOslFactorization2 CoinOslFactorization3 CoinFileIO CoinFinite
  CoinIndexedVector CoinLpIO CoinMessage CoinMessageHandler CoinModel CoinStructuredModel
  CoinModelUseful CoinModelUseful2 CoinMpsIO CoinPackedMatrix CoinPackedVector
  CoinPackedVectorBase CoinPostsolveMatrix CoinPrePostsolveMatrix CoinPresolveDoubleton
  CoinPresolveDual CoinPresolveDupcol CoinPresolveEmpty CoinPresolveFixed
  CoinPresolveForcing CoinPresolveHelperFunctions CoinPresolveImpliedFree
  CoinPresolveMatrix CoinPresolveSingleton CoinPresolveSubst CoinPresolveTighten
  CoinPresolveTripleton CoinPresolveUseless CoinPresolveZeros CoinShallowPackedVector
  CoinWarmStartBasis)
set(LL_CLP_SOURCES
  ClpCholeskyBase ClpCholeskyDense ClpDualRowDantzig ClpDualRowPivot ClpDualRowSteepest
  ClpDynamicMatrix ClpEventHandler ClpFactorization ClpHelperFunctions ClpInterior
  ClpLinearObjective ClpMatrixBase ClpMessage ClpModel ClpNetworkBasis ClpNetworkMatrix
  ClpNonLinearCost ClpNode ClpObjective ClpPackedMatrix ClpPlusMinusOneMatrix
  ClpPredictorCorrector ClpPdco ClpLsqr ClpPresolve ClpPrimalColumnDantzig
  ClpPrimalColumnPivot ClpPrimalColumnSteepest ClpQuadraticObjective ClpSimplex
  ClpSimplexDual ClpSimplexNonlinear ClpSimplexOther ClpSimplexPrimal ClpSolve Idiot
  IdiSolve ClpPESimplex ClpPEPrimalColumnSteepest ClpPEDualRowSteepest)
list(TRANSFORM LL_COINUTILS_SOURCES PREPEND "${LL_COINUTILS_SRC}/")
list(TRANSFORM LL_COINUTILS_SOURCES APPEND ".cpp")
list(TRANSFORM LL_CLP_SOURCES PREPEND "${LL_CLP_SRC}/")
list(TRANSFORM LL_CLP_SOURCES APPEND ".cpp")

# Their own code, their own warnings: not ours to fix (-w). C++14: the
# sources use `register`, which C++17 removed. The exception mode and the
# instruction set must match the module's.
set(LL_COIN_FLAGS -w -O2 ${LL_WASM_FEATURES})
if(LL_WASM_EXCEPTIONS STREQUAL "wasm")
  list(APPEND LL_COIN_FLAGS -fwasm-exceptions)
endif()
add_library(ll_coinutils STATIC ${LL_COINUTILS_SOURCES})
target_compile_definitions(ll_coinutils PRIVATE HAVE_CONFIG_H COINUTILS_BUILD)
target_include_directories(ll_coinutils PRIVATE "${LL_COIN_CONFIG_DIR}/coinutils")
target_include_directories(ll_coinutils SYSTEM PUBLIC "${LL_COINUTILS_SRC}"
                                                      "${LL_COIN_CONFIG_DIR}/public")
add_library(ll_clp STATIC ${LL_CLP_SOURCES})
target_compile_definitions(ll_clp PRIVATE HAVE_CONFIG_H CLP_BUILD)
target_include_directories(ll_clp PRIVATE "${LL_COIN_CONFIG_DIR}/clp")
target_include_directories(ll_clp SYSTEM PUBLIC "${LL_CLP_SRC}")
target_link_libraries(ll_clp PUBLIC ll_coinutils)
# Unity batches (LL_UNITY_BUILD) take about half the CPU time, except for
# three files whose file-local names or macros collide with a neighbour's.
set_source_files_properties("${LL_COINUTILS_SRC}/CoinMpsIO.cpp" "${LL_CLP_SRC}/ClpPdco.cpp"
                            "${LL_CLP_SRC}/ClpPackedMatrix.cpp"
                            PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
foreach(lib ll_coinutils ll_clp)
  target_compile_options(${lib} PRIVATE ${LL_COIN_FLAGS})
  set_target_properties(${lib} PROPERTIES CXX_STANDARD 14 CXX_EXTENSIONS OFF)
  # Consumers also need HAVE_CONFIG_H, so the headers read the public
  # config_*.h above instead of the MSVC defaults.
  target_compile_definitions(${lib} INTERFACE HAVE_CONFIG_H)
endforeach()
