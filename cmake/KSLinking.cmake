# Decides what our libraries and tools link against.
#
# Debian's MLIR package ships each MLIR component as a static archive whose
# link interface names the shared libLLVM ("LLVM"), plus the aggregate shared
# libMLIR ("MLIR") that upstream mlir-opt uses.
#
#  - Default: everything links the shared libMLIR and libLLVM. Fast links, and
#    the pass plugin shares mlir-opt's registries (one copy of MLIR per process).
#  - KS_STATIC_LLVM: the MLIR archives are linked, and every reference to the
#    shared libLLVM is rewritten to LLVM's static component archives, with zlib
#    and zstd static too, so the tools run on a machine without LLVM.

# SQLite (the shared tuning database): the shared library, or its archive
# in the portable bundle.
find_package(SQLite3)
if(NOT SQLite3_FOUND)
  message(FATAL_ERROR "SQLite 3's headers and library not found: install libsqlite3-dev")
endif()
if(KS_STATIC_LLVM)
  find_library(KS_SQLITE_LIB libsqlite3.a REQUIRED)
else()
  set(KS_SQLITE_LIB SQLite::SQLite3)
endif()

if(NOT KS_STATIC_LLVM)
  set(KS_MLIR_LIBS MLIR LLVM)
  return()
endif()

set(KS_LLVM_STATIC_COMPONENTS)
foreach(lib ${LLVM_AVAILABLE_LIBS})
  # Keep the archives of LLVM's own components; skip the dylib, the C API
  # shims and the test/tool-only libraries.
  if(lib MATCHES "^LLVM[A-Z]" AND TARGET ${lib})
    get_target_property(kind ${lib} TYPE)
    if(kind STREQUAL "STATIC_LIBRARY" AND NOT lib MATCHES "^LLVM(Fuzz|TableGen|FileCheck|Exegesis|CFIVerify|Orc.*Debugging|Debuginfod|LineEditor|WindowsManifest|WindowsDriver)")
      list(APPEND KS_LLVM_STATIC_COMPONENTS ${lib})
    endif()
  endif()
endforeach()

find_library(KS_ZLIB_STATIC libz.a REQUIRED)
find_library(KS_ZSTD_STATIC libzstd.a REQUIRED)
find_library(KS_FFI_STATIC libffi.a)
if(NOT KS_FFI_STATIC)
  set(KS_FFI_STATIC ffi)
endif()

# LLVMSupport's exported interface names shared zlib, zstd and z3; z3 is only
# used by the clang static analyzer's solver, which nothing here references.
set_target_properties(LLVMSupport PROPERTIES
  INTERFACE_LINK_LIBRARIES "rt;dl;m;pthread;${KS_ZLIB_STATIC};${KS_ZSTD_STATIC};LLVMDemangle")

foreach(target ${MLIR_EXPORTED_TARGETS} ${LLVM_AVAILABLE_LIBS})
  if(TARGET ${target})
    get_target_property(kind ${target} TYPE)
    if(kind STREQUAL "STATIC_LIBRARY")
      get_target_property(deps ${target} INTERFACE_LINK_LIBRARIES)
      if(deps)
        # Polly is registered as an LLVM extension but not shipped as an archive.
        list(REMOVE_ITEM deps Polly)
        list(TRANSFORM deps REPLACE "^LLVM$" "${KS_LLVM_STATIC_COMPONENTS}")
        list(TRANSFORM deps REPLACE "^\\$<LINK_ONLY:FFI::ffi>$" "${KS_FFI_STATIC}")
        set_target_properties(${target} PROPERTIES INTERFACE_LINK_LIBRARIES "${deps}")
      endif()
    endif()
  endif()
endforeach()

get_property(KS_MLIR_ALL_LIBS GLOBAL PROPERTY MLIR_ALL_LIBS)
list(FILTER KS_MLIR_ALL_LIBS EXCLUDE REGEX "^(MLIR|MLIR.*Test.*|MLIRTestDialect|mlir_.*|MLIRCAPI.*|MLIRLsp.*|MLIRTblgenLib|MLIRPDLL.*|MLIRTableGen|MLIRExecutionEngineShared)$")
set(KS_MLIR_LIBS ${KS_MLIR_ALL_LIBS})
set(CMAKE_EXE_LINKER_FLAGS "${CMAKE_EXE_LINKER_FLAGS} -static-libstdc++ -static-libgcc -Wl,--gc-sections")
set(KS_BUILD_PLUGIN OFF CACHE BOOL "" FORCE)
