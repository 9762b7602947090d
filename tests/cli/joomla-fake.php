<?php
// A stand-in for the few Joomla classes a site module calls (Joomla itself cannot run here): it runs the module
// entry file given as argument 1 with the parameters of argument 2 (JSON) and prints the HTML its layout renders.
// Named a fake on purpose: only the module is under test.
namespace Joomla\CMS\Helper {
    class ModuleHelper {
        public static function getLayoutPath($module, $layout = 'default') {
            return $GLOBALS['moduleDir'] . '/tmpl/' . $layout . '.php';
        }
    }
}

namespace Joomla\CMS\Uri {
    class Uri {
        public static function root($pathonly = false) {
            return $pathonly ? '/site' : 'https://cms.example/site/';
        }
    }
}

namespace {
    define('_JEXEC', 1);
    class FakeParams {
        private $values;
        public function __construct($values) { $this->values = $values; }
        public function get($key, $default = null) {
            return array_key_exists($key, $this->values) ? $this->values[$key] : $default;
        }
    }
    $params = new FakeParams(json_decode($argv[2], true));
    $GLOBALS['moduleDir'] = dirname($argv[1]);
    ob_start();
    require $argv[1];
    echo json_encode(array('html' => ob_get_clean()));
}
